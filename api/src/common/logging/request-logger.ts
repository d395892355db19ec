import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Bindings, Level, Logger } from 'pino';
import type { Actor } from '../auth/actor';

/** A caller's own X-Request-Id is kept when it looks like one, so a proxy's id follows the request. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

type Request = IncomingMessage & { user?: Actor; originalUrl?: string; log?: Logger };

const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * A child logger built on its first use. Nest's log calls during a request carry the request id, but most
 * requests make none, and a pino child serialises its bindings when it is made: building one per request
 * (pino-http built three) cost about 8 % of a small answer (docs/benchmarks.md).
 */
function lazyChild(root: Logger, bindings: Bindings): Logger {
  let child: Logger | undefined;
  const real = () => (child ??= root.child(bindings));
  const facade = Object.create(root) as Logger;
  for (const level of LEVELS) {
    facade[level] = ((...args: Parameters<Logger['info']>) => (root.isLevelEnabled(level) ? real()[level](...args) : undefined));
  }
  facade.child = (more, options) => real().child(more, options);
  facade.bindings = () => real().bindings();
  facade.setBindings = (more) => real().setBindings(more);
  return facade;
}

function requestIdOf(req: Request, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Starts a request's log: one JSON line when it ends (method, path without its query, status, time), with its request id and,
 * once signed in, the user; 5xx at error level, the rest at info. The line's fields are built only when its
 * level is enabled. Load balancers ask `GET /api/health` every few seconds: it is not logged (a failing check
 * still shows as the 503 it answers). Answers the request's logger, which its scope carries
 * (common/request-scope) with its id, so Nest's log calls during the request carry the request id, and so
 * does the audit trail.
 */
export function requestLog(root: Logger, req: Request, res: ServerResponse): { log: Logger; requestId: string } {
  const requestId = requestIdOf(req, res);
  const started = Date.now();
  const full = req.originalUrl ?? req.url ?? '';
  // The path only: a query may carry a token or a code (password links, sign-in callbacks).
  const query = full.indexOf('?');
  const url = query < 0 ? full : full.slice(0, query);
  const log = lazyChild(root, { requestId });
  req.log = log;

  if (!(req.method === 'GET' && url === '/api/health')) {
    // 'close' follows every response, finished, failed or cut off by the client: one listener is enough.
    res.once('close', () => {
      const failed = res.statusCode >= 500;
      const level: Level = failed ? 'error' : 'info';
      if (!root.isLevelEnabled(level)) return;
      const ms = Date.now() - started;
      const user = req.user?.userId ? { userId: req.user.userId, companyId: req.user.companyId } : {};
      root[level](
        { requestId, req: { method: req.method, url, remoteAddress: req.socket?.remoteAddress }, ...user, res: { statusCode: res.statusCode }, responseTime: ms },
        failed ? `${req.method} ${url} ${res.statusCode} failed` : `${req.method} ${url} ${res.statusCode} ${ms} ms`,
      );
    });
  }
  return { log, requestId };
}
