import { Module, type DynamicModule } from '@nestjs/common';
import pino, { type DestinationStream, type Level, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/env';
import { NestPinoLogger } from './nest-logger';

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

/** Pretty when asked for, or by default when a person is watching the terminal. */
export const wantsPretty = (config: Pick<AppConfig, 'logFormat'>, isTty = !!process.stdout.isTTY): boolean =>
  config.logFormat ? config.logFormat === 'pretty' : isTty;

/**
 * JSON lines go out through an asynchronous (buffered) write: lines written while one write is in flight leave
 * together in the next, so a busy server makes few write calls and never waits on a slow reader of its stdout.
 * pino flushes what is left synchronously when the process exits (also on `process.exit`).
 */
function destination(config: AppConfig): DestinationStream {
  if (!wantsPretty(config)) return pino.destination({ dest: 1, sync: false });
  return pretty({
    colorize: !!process.stdout.isTTY,
    messageKey: 'message',
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime',
    singleLine: true,
    sync: true,
  });
}

/** The app's pino options: JSON lines at LOG_LEVEL, `message` and an ISO `time`, credentials censored. */
export function loggerOptions(config: AppConfig): LoggerOptions {
  return {
    level: PINO_LEVEL[config.logLevel],
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: undefined,
  };
}

/**
 * The start-up and shutdown lines (the banner, the demo logins, a signal received): written whatever LOG_LEVEL
 * says, as they were when they were plain text, so a collector always sees when an instance came and went.
 */
export const announcer = (root: Logger): Logger => root.child({}, { level: 'info' });

/**
 * A line written before the logger exists (a configuration refused, a failed start): JSON unless a person is
 * watching (LOG_FORMAT read raw, as the configuration itself may be what failed).
 */
export function earlyLine(level: 'error' | 'fatal', message: string, stream: NodeJS.WritableStream = process.stderr): void {
  const format = process.env.LOG_FORMAT === 'json' || process.env.LOG_FORMAT === 'pretty' ? process.env.LOG_FORMAT : undefined;
  if (wantsPretty({ logFormat: format })) stream.write(`${message}\n`);
  else stream.write(`${JSON.stringify({ level, time: new Date().toISOString(), message })}\n`);
}

/** The app's root pino logger (provider token). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * The root pino logger, writing JSON lines (or pretty ones), and Nest's logger over it (nest-logger.ts). The
 * request log is started by the request's scope (common/request-scope).
 */
export function loggingModule(config: AppConfig): DynamicModule {
  const root = pino(loggerOptions(config), destination(config));
  return {
    module: LoggingModule,
    global: true,
    providers: [
      { provide: ROOT_LOGGER, useValue: root },
      { provide: NestPinoLogger, useValue: new NestPinoLogger(root) },
    ],
    exports: [ROOT_LOGGER, NestPinoLogger],
  };
}

@Module({})
export class LoggingModule {}
