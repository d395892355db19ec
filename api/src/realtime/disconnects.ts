import { rooms } from '@kpi/contracts';
import type { Committed } from '../events/commit-feed';

/** Sockets a committed change closes: those in `room`, on every instance (each closes its own), `afterMs` after the events went out. */
export interface Disconnect {
  room: string;
  afterMs: number;
}

/** A revoked user's own message gets this long to leave before their sockets close. */
export const REVOKED_MESSAGE_GRACE_MS = 50;

/**
 * Which sockets close because of committed work: a revoked session's (after its `session.revoked` got out), a
 * deleted company's wall displays (their reconnect is then refused), a revoked display's.
 */
export function disconnectsFor({ events, notices }: Committed): Disconnect[] {
  const out: Disconnect[] = [];
  for (const { envelope, audience } of events) {
    if (envelope.type === 'session.revoked' && audience.kind === 'user') out.push({ room: rooms.user(audience.userId), afterMs: REVOKED_MESSAGE_GRACE_MS });
    if (envelope.type === 'company.deleted') out.push({ room: rooms.wall(envelope.payload.companyId), afterMs: 0 });
  }
  for (const notice of notices) {
    if (notice.type === 'wall.revoked') out.push({ room: rooms.wallDisplay(notice.payload.displayId), afterMs: 0 });
  }
  return out;
}
