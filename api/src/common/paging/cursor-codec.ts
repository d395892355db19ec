import { Inject, Injectable } from '@nestjs/common';
import { CURSOR_INVALID_MESSAGE } from '@kpi/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { invalid } from '../errors/app-error';

/** The sort key of the last item of a page: plain JSON values (dates as epoch milliseconds). */
export type CursorKey = (string | number | boolean | null)[];

/**
 * Opaque cursors: the last item's sort key, named for its list and signed with the server's secret, so a
 * cursor edited by hand (or taken from another list) is a 400 rather than a page that starts anywhere.
 * Any instance sharing JWT_SECRET reads any other's cursors.
 */
@Injectable()
export class CursorCodec {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('kpi-tracker/cursor').digest();
  }

  encode(list: string, key: CursorKey): string {
    const body = Buffer.from(JSON.stringify([list, ...key])).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The key a cursor carries, checked against `shape` (one type per position); anything else is a 400. */
  decode(list: string, cursor: string, shape: readonly ('string' | 'number' | 'boolean')[]): CursorKey {
    const [body, signature, extra] = cursor.split('.');
    if (!body || !signature || extra !== undefined || !this.verify(body, signature)) throw invalid(CURSOR_INVALID_MESSAGE, 'cursor');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw invalid(CURSOR_INVALID_MESSAGE, 'cursor');
    }
    if (!Array.isArray(parsed) || parsed[0] !== list || parsed.length !== shape.length + 1) throw invalid(CURSOR_INVALID_MESSAGE, 'cursor');
    const key = parsed.slice(1) as CursorKey;
    if (!key.every((v, i) => typeof v === shape[i])) throw invalid(CURSOR_INVALID_MESSAGE, 'cursor');
    return key;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 22);
  }

  private verify(body: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
