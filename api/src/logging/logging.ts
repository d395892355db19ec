import { RequestMethod, type DynamicModule } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream, type Level } from 'pino';
import type { Options } from 'pino-http';
import pretty from 'pino-pretty';
import type { Actor } from '../common/auth/actor';
import type { AppConfig } from '../config/env';

/** LOG_LEVEL keeps Nest's names; pino calls `log` info. */
const PINO_LEVEL: Record<AppConfig['logLevel'], Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/** Never written to a log line, wherever such a key turns up (headers, bodies, error details). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-pairing-secret"]',
  'req.body.password',
  'req.body.currentPassword',
  'req.body.newPassword',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.displayToken',
  '*.secret',
  '*.authorization',
];

/** A caller's own X-Request-Id is kept when it looks like one, so a proxy's id follows the request. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

type Request = IncomingMessage & { user?: Actor };

/** Pretty when asked for, or by default when a person is watching the terminal. */
export const wantsPretty = (config: Pick<AppConfig, 'logFormat'>, isTty = !!process.stdout.isTTY): boolean =>
  config.logFormat ? config.logFormat === 'pretty' : isTty;

function destination(config: AppConfig): DestinationStream {
  if (!wantsPretty(config)) return pino.destination({ dest: 1, sync: true });
  return pretty({
    colorize: !!process.stdout.isTTY,
    messageKey: 'message',
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime',
    singleLine: true,
    sync: true,
  });
}

/** pino-http: one line per request (method, path, status, time), with its request id and, once signed in, the user. */
export function httpLoggerOptions(config: AppConfig): Options<Request, ServerResponse> {
  return {
    level: PINO_LEVEL[config.logLevel],
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: undefined,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customAttributeKeys: { reqId: 'requestId' },
    quietReqLogger: true,
    customProps: (req) => (req.user?.userId ? { userId: req.user.userId, companyId: req.user.companyId } : {}),
    serializers: {
      req: (req: { method: string; url: string; remoteAddress?: string }) => ({ method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res, ms) => `${req.method} ${req.url} ${res.statusCode} ${ms} ms`,
    customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode} failed`,
    // Load balancers ask every few seconds; a failing check still shows as the 503 it answers.
    autoLogging: { ignore: (req) => req.url === '/api/health' && !!req.method && req.method === 'GET' },
  };
}

/** Nest's logger and the request logger, both writing JSON lines (or pretty ones) through pino. */
export function loggingModule(config: AppConfig): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: [httpLoggerOptions(config), destination(config)],
    // Every route, in Express 5's wildcard syntax (the library's own default, `*`, makes Nest warn at each start).
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  });
}
