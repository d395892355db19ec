import { Inject, Module, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream, type Level, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config/env';
import { requestLogger } from './request-logger';

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

const ROOT_LOGGER = Symbol('ROOT_LOGGER');
// Every route, in Express 5's wildcard syntax (nestjs-pino's own default, `*`, makes Nest warn at each start).
const EVERY_ROUTE = { path: '{*path}', method: RequestMethod.ALL };

/** The request logger (request-logger.ts) on every route. */
@Module({})
export class RequestLoggingModule implements NestModule {
  constructor(@Inject(ROOT_LOGGER) private readonly root: Logger) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(requestLogger(this.root)).forRoutes(EVERY_ROUTE);
  }
}

/**
 * Nest's logger and the request logger, both writing JSON lines (or pretty ones) through one pino logger.
 * nestjs-pino carries Nest's log calls; its pino-http middleware is replaced by ours.
 */
export function loggingModule(config: AppConfig): DynamicModule {
  const root = pino(loggerOptions(config), destination(config));
  return {
    module: RequestLoggingModule,
    // No routes for nestjs-pino's own middleware: with `useExisting` it only binds the request's logger, which
    // ours (request-logger.ts) binds as well; it ran first on every request, binding nothing yet.
    imports: [LoggerModule.forRoot({ pinoHttp: { logger: root }, useExisting: true, forRoutes: [] })],
    providers: [{ provide: ROOT_LOGGER, useValue: root }],
  };
}
