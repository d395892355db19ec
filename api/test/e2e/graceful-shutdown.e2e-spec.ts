import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { api, BUILT_SUPERADMIN, freePort, startBuilt, type BuiltServer } from '../utils/built-server';

describe('graceful shutdown of the built server', () => {
  let dir: string;
  let server: BuiltServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kpi-shutdown-'));
    server = await startBuilt(dir, await freePort());
  });
  afterAll(() => {
    sockets.forEach((s) => s.close());
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('SIGTERM with 100 requests in flight and 200 sockets: all 100 complete, and it exits within 10 s', async () => {
    const call = api(server.url);
    const { token } = (await call('POST', '/auth/login', undefined, BUILT_SUPERADMIN)).body;
    await Promise.all(
      Array.from({ length: 200 }, () => {
        const s = io(server.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
        sockets.push(s);
        return new Promise<void>((resolve, reject) => (s.once('sync', () => resolve()), s.once('connect_error', reject)));
      }),
    );
    const disconnected = sockets.map((s) => new Promise<void>((resolve) => s.once('disconnect', () => resolve())));

    // Sign-ins are slow on purpose (argon2, four at a time): 100 of them keep the server busy for a while.
    const sent: Promise<void>[] = [];
    const inFlight = Array.from({ length: 100 }, () => {
      let written!: () => void;
      sent.push(new Promise<void>((r) => (written = r)));
      return new Promise<{ status: number; body: string }>((resolve) => {
        const req = request(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: body.slice(0, 100) }));
        });
        req.on('error', (err) => resolve({ status: 0, body: err.message }));
        // On the wire: connected, and the whole request flushed.
        let connected = false;
        let finished = false;
        const check = () => connected && finished && written();
        req.on('socket', (sock) => (sock.connecting ? sock.once('connect', () => ((connected = true), check())) : ((connected = true), check())));
        req.on('finish', () => ((finished = true), check()));
        req.end(JSON.stringify(BUILT_SUPERADMIN));
      });
    });
    // Every request is on the wire, and the server's loop (free while argon2 works in its pool) has taken it.
    await Promise.all(sent);
    await new Promise((r) => setTimeout(r, 2000));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const results = await Promise.all(inFlight);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    await Promise.all(disconnected);
  });
});
