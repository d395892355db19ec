import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { onCleanup } from './process.mjs';

/** Connects one websocket-only client and resolves once the server says it is in sync (`sync` or `resync`). */
export function connectOne(base, auth, timeoutMs = 30_000) {
  const socket = io(base, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((res, rej) => {
    const timer = setTimeout(() => (socket.close(), rej(new Error(`socket did not sync within ${timeoutMs / 1000} s`))), timeoutMs);
    const done = () => (clearTimeout(timer), res(socket));
    socket.once('sync', done);
    socket.once('resync', done);
    socket.once('connect_error', (err) => (clearTimeout(timer), socket.close(), rej(err)));
  });
}

/**
 * Connects a socket per `auths` entry with at most `concurrency` handshakes in flight; resolves with the
 * sockets and the milliseconds until the last one was in sync.
 */
export async function connectMany(base, auths, { concurrency = 50 } = {}) {
  const sockets = new Array(auths.length);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, auths.length) }, async () => {
      while (next < auths.length) {
        const i = next++;
        sockets[i] = await connectOne(base, auths[i]);
      }
    }),
  );
  const ms = performance.now() - t0;
  onCleanup(() => closeAll(sockets));
  return { sockets, ms };
}

export function closeAll(sockets) {
  for (const s of sockets) s?.close();
}

export const msBetween = (from, to) => Number(BigInt(to) - BigInt(from)) / 1e6;

/** The per-company groups of connected executives the socket scenarios share: `perCompany` from each company. */
export function socketPeople(people, perCompany = 100) {
  return people.flatMap((c) => c.execs.slice(0, perCompany).map((u) => ({ user: u, companyId: c.id })));
}
