import pino from 'pino';
import { Writable } from 'node:stream';
import type { AppConfig } from '../../config/env';
import { loggerOptions, wantsPretty } from './logging';

const config = (over: Partial<AppConfig> = {}) => ({ logLevel: 'log', ...over }) as AppConfig;

/** A pino logger with the app's options, writing into an array. */
function capture(over: Partial<AppConfig> = {}) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const { level, messageKey, timestamp, formatters, redact, base } = loggerOptions(config(over));
  return { lines, logger: pino({ level, messageKey, timestamp, formatters, redact, base }, sink) };
}

describe('logging', () => {
  it('censors credentials wherever they appear in a logged object', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=1', 'x-pairing-secret': 'pairing-value-7' }, body: { email: 'a@b.c', password: 'hunter22', newPassword: 'hunter23' } },
        session: { token: 'jwt-token', displayToken: 'wall-token' },
      },
      'something happened',
    );
    expect(lines[0]).toMatchObject({
      level: 'info',
      message: 'something happened',
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-pairing-secret': '[redacted]' }, body: { email: 'a@b.c', password: '[redacted]', newPassword: '[redacted]' } },
      session: { token: '[redacted]', displayToken: '[redacted]' },
    });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|abc\.def|jwt-token|wall-token|pairing-value-7/);
  });

  it('keeps LOG_LEVEL: warn hides the per-request info lines, log shows them, debug adds more', () => {
    const warn = capture({ logLevel: 'warn' });
    warn.logger.info('GET /api/tasks 200');
    warn.logger.warn('slow');
    expect(warn.lines.map((l) => l.message)).toEqual(['slow']);
    expect(loggerOptions(config({ logLevel: 'log' })).level).toBe('info');
    expect(loggerOptions(config({ logLevel: 'debug' })).level).toBe('debug');
    expect(loggerOptions(config({ logLevel: 'error' })).level).toBe('error');
  });

  it('is pretty when LOG_FORMAT says so, otherwise only on a terminal', () => {
    expect(wantsPretty({ logFormat: 'pretty' }, false)).toBe(true);
    expect(wantsPretty({ logFormat: 'json' }, true)).toBe(false);
    expect(wantsPretty({}, true)).toBe(true);
    expect(wantsPretty({}, false)).toBe(false);
  });
});
