import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMailKind } from './mail-kinds.rules';
import type { MailKind } from '@kpi/contracts';

/** What an unsubscribe link turns off: one kind, or (from a digest) every kind the person gets as a digest. */
export type UnsubscribeTarget = MailKind | 'digest';

export interface Unsubscribe {
  userId: string;
  kind: UnsubscribeTarget;
}

/**
 * Signed unsubscribe tokens: `{userId}~{kind}~{mac}`, the MAC an HMAC-SHA256 under a key derived from the
 * server's secret. They never expire (an old email's link still works) and grant nothing but turning that kind
 * off for that person, so no sign-in is needed.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('kpi mail unsubscribe').digest();
  }

  sign(userId: string, kind: UnsubscribeTarget): string {
    return `${userId}~${kind}~${this.mac(userId, kind)}`;
  }

  /** The person and kind a token names, or null when it is not one of ours. */
  verify(token: string): Unsubscribe | null {
    const [userId, kind, mac, extra] = token.split('~');
    if (extra !== undefined || !userId || !kind || !mac) return null;
    if (kind !== 'digest' && !isMailKind(kind)) return null;
    const expected = Buffer.from(this.mac(userId, kind));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, kind };
  }

  private mac(userId: string, kind: string): string {
    return createHmac('sha256', this.key).update(`${userId}\n${kind}`).digest('base64url');
  }
}
