import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: what the link carries. Only its hash is stored. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A token as `newLinkToken` makes them: anything else is refused before a query runs. */
export const isLinkTokenShaped = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

export type LinkState = 'usable' | 'used' | 'revoked' | 'expired';

/** Why a link can or cannot be used; a used link says so even after it would have expired. */
export function linkState(link: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): LinkState {
  if (link.usedAt) return 'used';
  if (link.revokedAt) return 'revoked';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'usable';
}

export const LINK_REFUSALS: Record<Exclude<LinkState, 'usable'> | 'unknown', string> = {
  used: 'This link has already been used. Sign in, or ask for a new link',
  revoked: 'This link was withdrawn. Ask your administrator for a new invitation',
  expired: 'This link has expired. Ask for a new one',
  unknown: 'This link is not valid. Check that you copied all of it, or ask for a new one',
};
