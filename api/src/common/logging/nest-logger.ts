import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { RequestScope } from '../request-scope/request-scope';

/** A stack trace as Nest's exception handlers pass one: `error(message, stack, context)`. */
const STACK_TRACE = /\n\s*at /;

/**
 * Nest's start-up chatter (a line per module, controller and route, some 120 in all): debug, so the default
 * level's start-up is a handful of lines (migrations, "successfully started", the banner) and then one per request.
 */
const CHATTER = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController', 'NestFactory']);

/**
 * Nest's log calls written through pino: inside a request by the request's logger (its lines carry the request
 * id), elsewhere by the root logger. The last extra argument of a Nest log call is its context (the class
 * that logged); an object message is merged into the line, an Error becomes `err`, and the
 * `error(message, stack, context)` form of Nest's own handlers keeps its stack.
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  log(message: unknown, ...rest: unknown[]): void {
    this.write(CHATTER.has(rest[rest.length - 1] as string) ? 'debug' : 'info', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    const logger = RequestScope.current()?.log ?? this.root;
    if (!logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const extra = rest.slice(0, -1);
    if (rest.length) fields.context = rest[rest.length - 1];
    if (message instanceof Error) return logger[level]({ ...fields, err: message }, ...(extra as []));
    if (message && typeof message === 'object') return logger[level]({ ...fields, ...message }, ...(extra as []));
    const text = String(message);
    if (level === 'error' && extra.length === 1 && typeof extra[0] === 'string' && STACK_TRACE.test(extra[0])) {
      const err = new Error(text);
      err.stack = extra[0];
      return logger[level]({ ...fields, err }, text);
    }
    logger[level](fields, text, ...(extra as []));
  }
}
