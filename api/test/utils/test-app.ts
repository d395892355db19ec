import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { MikroORM } from '@mikro-orm/core';
import { io, type Socket } from 'socket.io-client';
import { LIVE_NOTE_TYPES, type EventEnvelope, type LiveNotes, type LiveNoteType, type LoginResponse } from '@kpi/contracts';
import { createApp } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/env';
import { checkAnswer, watchAnswers } from './openapi-answers';
import { watchTenancy } from './tenancy-check';

export const SUPERADMIN = { email: 'root@kpi.test', password: 'root-password-1' };

export interface TestApp {
  app: INestApplication;
  url: string;
  http: ReturnType<typeof request>;
  /** The app's data folder (its generated secrets, e.g. the demo password). */
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh SQLite file, listening on a free port. One per suite. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'kpi-test-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'kpi.sqlite')}`,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123',
    DEMO_SEED: 'false',
    SUPERADMIN_EMAIL: SUPERADMIN.email,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    LOG_LEVEL: 'error',
    LOGIN_RATE_LIMIT: '1000',
    HANDSHAKE_RATE_LIMIT: '100000',
    WEB_DIST: join(dir, 'no-web'),
    // The mail workers poll the database every second; suites that count statements or compare tables would
    // see them. The mail suites turn them on.
    MAIL_WORKERS: 'false',
    ...env,
  });
  const { app } = await createApp(config);
  watchTenancy(app.get(MikroORM));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  watchAnswers(app);
  return {
    app,
    url,
    http: checkedAgainstDocument(request(app.getHttpServer())),
    dataDir: config.dataDir,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The JSON body, also when a test read it as bytes (`.buffer(true).parse(…)`). */
function jsonBody(res: request.Response): unknown {
  if (!/json/.test(res.headers['content-type'] ?? '')) return undefined;
  const raw: unknown = res.body;
  if (Buffer.isBuffer(raw) || typeof raw === 'string') return raw.length ? JSON.parse(raw.toString()) : undefined;
  return raw;
}

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options']);

/**
 * Supertest's request starter, each answer it receives held against the OpenAPI document (openapi-answers.ts).
 * Ours, not supertest's: it listens to each request's public `response` event and changes nothing.
 */
function checkedAgainstDocument(http: ReturnType<typeof request>): ReturnType<typeof request> {
  return new Proxy(http, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof property !== 'string' || !VERBS.has(property) || typeof value !== 'function') return value;
      return (url: string, ...rest: unknown[]) => {
        const test = (value as (url: string, ...rest: unknown[]) => request.Test).call(target, url, ...rest);
        test.on('response', (res: request.Response) => {
          checkAnswer({ method: property === 'del' ? 'delete' : property, url, status: res.status, contentType: res.headers['content-type'], body: jsonBody(res) });
        });
        return test;
      };
    },
  });
}

export async function login(t: TestApp, email: string, password: string): Promise<LoginResponse> {
  const res = await t.http.post('/api/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A socket client that records every envelope it receives. */
export interface TestSocket {
  socket: Socket;
  events: EventEnvelope[];
  /** The stream head the server reported in `sync` (or `resync`) when this socket connected. */
  syncSeq: number;
  /** Whether the server answered `resync` (refetch) instead of a replay and `sync`. */
  resynced: boolean;
  waitFor(type: string, timeoutMs?: number, predicate?: (e: EventEnvelope) => boolean): Promise<EventEnvelope>;
  /** Live notes (contracts' LiveNotes) received, in order: no envelope, no sequence number. */
  notes: { type: string; note: unknown }[];
  /** Resolves with the first live note of `type` that `predicate` accepts, received before or after the call. */
  waitForNote<K extends LiveNoteType>(type: K, timeoutMs?: number, predicate?: (note: LiveNotes[K]) => boolean): Promise<LiveNotes[K]>;
  close(): void;
}

export function connectSocket(t: TestApp, token: string, since?: number): Promise<TestSocket> {
  const socket = io(t.url, { auth: { token, since }, transports: ['websocket'], reconnection: false, forceNew: true });
  const events: EventEnvelope[] = [];
  const waiters: { type: string; predicate?: (e: EventEnvelope) => boolean; resolve: (e: EventEnvelope) => void }[] = [];
  const notes: TestSocket['notes'] = [];
  const noteWaiters: { type: string; predicate: (note: never) => boolean; resolve: (note: unknown) => void }[] = [];
  socket.onAny((type: string, envelope: EventEnvelope) => {
    if ((LIVE_NOTE_TYPES as readonly string[]).includes(type)) {
      notes.push({ type, note: envelope });
      for (const w of [...noteWaiters]) {
        if (w.type === type && w.predicate(envelope as never)) {
          noteWaiters.splice(noteWaiters.indexOf(w), 1);
          w.resolve(envelope);
        }
      }
      return;
    }
    if (!envelope || typeof envelope !== 'object' || !('id' in envelope)) return;
    events.push(envelope);
    for (const w of [...waiters]) {
      if (w.type === type && (!w.predicate || w.predicate(envelope))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(envelope);
      }
    }
  });
  const api: TestSocket = {
    socket,
    events,
    syncSeq: 0,
    resynced: false,
    waitFor(type, timeoutMs = 3000, predicate) {
      const seen = events.find((e) => e.type === type && (!predicate || predicate(e)));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ type, predicate, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    notes,
    waitForNote(type, timeoutMs = 3000, predicate = () => true) {
      const seen = notes.find((n) => n.type === type && predicate(n.note as never));
      if (seen) return Promise.resolve(seen.note as never);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} note within ${timeoutMs} ms`)), timeoutMs);
        noteWaiters.push({ type, predicate, resolve: (note) => (clearTimeout(timer), resolve(note as never)) });
      });
    },
    close: () => void socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('sync', ({ seq }: { seq: number }) => resolve(Object.assign(api, { syncSeq: seq })));
    socket.once('resync', ({ seq }: { seq: number }) => resolve(Object.assign(api, { syncSeq: seq, resynced: true })));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Waits a little to prove that something does NOT arrive. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
