import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { RequestScope } from '../request-scope/request-scope';
import type { AppConfig } from '../../config/env';
import { loggerOptions } from './logging';
import { NestPinoLogger } from './nest-logger';
import { requestLog } from './request-logger';

function capture(logLevel: AppConfig['logLevel']) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const root = pino(loggerOptions({ logLevel } as AppConfig), sink);
  // What the request's scope does with it (common/request-scope/request-scope.middleware.ts).
  const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => new RequestScope(undefined, requestLog(root, req, res).log, undefined).run(next);
  return { lines, middleware, nest: new NestPinoLogger(root) };
}

type Middleware = ReturnType<typeof capture>['middleware'];

/** Runs one request through the middleware; `during` runs inside it (where Nest's handlers run). */
function request(middleware: Middleware, method: string, url: string, options: { status?: number; requestId?: string; userId?: string; during?: () => void } = {}) {
  const headers: Record<string, string> = {};
  const req = Object.assign(new EventEmitter(), { method, url, headers: options.requestId ? { 'x-request-id': options.requestId } : {}, socket: { remoteAddress: '127.0.0.1' } });
  const res = Object.assign(new EventEmitter(), { statusCode: 200, setHeader: (name: string, value: string) => (headers[name] = value) });
  middleware(req as unknown as IncomingMessage, res as unknown as ServerResponse, () => {
    options.during?.();
    if (options.userId) Object.assign(req, { user: { userId: options.userId, companyId: 'c1' } });
  });
  res.statusCode = options.status ?? 200;
  res.emit('finish');
  res.emit('close');
  return headers;
}

describe('request logger', () => {
  it('writes one line per request with its id, the signed-in user, status and time', () => {
    const { lines, middleware } = capture('log');
    const headers = request(middleware, 'GET', '/api/auth/verify', { requestId: 'given-1', userId: 'u1' });
    expect(headers['X-Request-Id']).toBe('given-1');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', requestId: 'given-1', userId: 'u1', companyId: 'c1', req: { method: 'GET', url: '/api/auth/verify', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 }, message: expect.stringMatching(/^GET \/api\/auth\/verify 200 \d+ ms$/) }),
    ]);
    const fresh = request(middleware, 'GET', '/api/tasks', { requestId: 'not an id!' });
    expect(fresh['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[1]).not.toHaveProperty('userId');
  });

  it("gives Nest's log calls during the request the request id, and none outside it", () => {
    const { lines, middleware, nest } = capture('log');
    request(middleware, 'GET', '/api/tasks', { requestId: 'inside-1', during: () => nest.warn('slow', 'TasksService') });
    expect(lines[0]).toMatchObject({ level: 'warn', requestId: 'inside-1', context: 'TasksService', message: 'slow' });
    nest.log('started');
    expect(lines.at(-1)).toMatchObject({ level: 'info', message: 'started' });
    expect(lines.at(-1)).not.toHaveProperty('requestId');
  });

  it("keeps Nest's line-per-route start-up chatter at debug, its other start-up lines at info", () => {
    const quiet = capture('log');
    quiet.nest.log('Mapped {/api/tasks, GET} route', 'RouterExplorer');
    quiet.nest.log('AppModule dependencies initialized', 'InstanceLoader');
    quiet.nest.log('Nest application successfully started', 'NestApplication');
    expect(quiet.lines.map((l) => l.message)).toEqual(['Nest application successfully started']);
    const verbose = capture('debug');
    verbose.nest.log('Mapped {/api/tasks, GET} route', 'RouterExplorer');
    expect(verbose.lines[0]).toMatchObject({ level: 'debug', context: 'RouterExplorer' });
  });

  it("writes Nest's errors with their stack, whichever form Nest's handlers use", () => {
    const { lines, nest } = capture('log');
    const thrown = new Error('boom');
    nest.error(thrown, 'ExceptionsHandler');
    nest.error('query failed', 'Error: query failed\n    at run (db.ts:1:1)', 'ExceptionsHandler');
    nest.error({ message: 'as object', code: 7 });
    expect(lines[0]).toMatchObject({ level: 'error', context: 'ExceptionsHandler', err: { message: 'boom', stack: expect.stringContaining('Error: boom') } });
    expect(lines[1]).toMatchObject({ level: 'error', context: 'ExceptionsHandler', message: 'query failed', err: { stack: expect.stringContaining('at run (db.ts:1:1)') } });
    expect(lines[2]).toMatchObject({ level: 'error', code: 7 });
  });

  it('logs 5xx at error level, so LOG_LEVEL=error still shows them and nothing else', () => {
    const { lines, middleware } = capture('error');
    request(middleware, 'GET', '/api/tasks');
    request(middleware, 'GET', '/api/tasks', { status: 503, requestId: 'broken-1' });
    expect(lines).toEqual([expect.objectContaining({ level: 'error', requestId: 'broken-1', message: 'GET /api/tasks 503 failed' })]);
  });

  it('leaves out the health checks load balancers make every few seconds', () => {
    const { lines, middleware } = capture('log');
    request(middleware, 'GET', '/api/health');
    request(middleware, 'GET', '/api/health', { status: 503 });
    request(middleware, 'GET', '/api/tasks');
    expect(lines.map((l) => l.message)).toEqual([expect.stringMatching(/^GET \/api\/tasks 200/)]);
  });
});
