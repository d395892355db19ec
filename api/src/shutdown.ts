import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';

/**
 * A stopping server first keeps accepting for GRACE_MS (requests already sent but still in socket buffers or the
 * accept queue get in: closing the listener would reset them), then waits up to DRAIN_MS for requests in flight,
 * then up to CLOSE_MS for its own close: together under a 10 s kill.
 */
export const GRACE_MS = 1_000;
export const DRAIN_MS = 6_000;
export const CLOSE_MS = 2_000;

/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting connections, let every request in flight finish (the database
 * is still open for them), then close the app: sockets, Redis, the ORM. Nest's own shutdown hooks would close
 * the ORM under requests still running.
 */
export function stopGracefully(app: INestApplication, log: (line: string) => void = console.log): void {
  const server = app.getHttpServer() as Server;
  let inFlight = 0;
  server.on('request', (_req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the requests in flight, then stopping`);
    await new Promise((r) => setTimeout(r, GRACE_MS));
    // No new connections; idle keep-alive ones close now, busy ones after their response.
    server.close();
    server.closeIdleConnections?.();
    const deadline = Date.now() + DRAIN_MS;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const closing = app.close().catch((err: Error) => log(`shutdown: ${err.message}`));
    await Promise.race([closing, new Promise((r) => setTimeout(r, CLOSE_MS).unref())]);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
