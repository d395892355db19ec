import type { EntityManager } from '@mikro-orm/core';
import type { AnyEnvelope, Audience } from '@kpi/contracts';
import { EventLog, StreamSequence } from './event-log.entity';
import { OutboxCursorRow } from './outbox-cursor.entity';

/**
 * An event read back from the log as it was sent. The recorder wrote the row from a typed envelope, so its
 * type and payload belong together; the database cannot say so, hence this one assertion at the boundary.
 */
export const storedEnvelope = (row: Pick<EventLog, 'id' | 'seq' | 'type' | 'at' | 'companyId' | 'payload'>): AnyEnvelope =>
  ({ id: row.id, seq: row.seq, type: row.type, at: row.at.toISOString(), companyId: row.companyId, payload: row.payload }) as AnyEnvelope;

/** Who a logged event was for, rebuilt from its audience columns. */
export function storedAudience(row: EventLog): Audience {
  switch (row.audienceKind) {
    case 'superadmin':
      return { kind: 'superadmin' };
    case 'user':
      return { kind: 'user', userId: row.audienceUserId ?? '', companyId: row.companyId };
    default:
      return { kind: row.audienceKind, companyId: row.companyId ?? '' };
  }
}

/** Removes a stream (a deleted company's) from the log, with its counter and its consumers' cursors. */
export async function deleteStream(em: EntityManager, stream: string): Promise<void> {
  await em.nativeDelete(EventLog, { stream });
  await em.nativeDelete(StreamSequence, { stream });
  await em.nativeDelete(OutboxCursorRow, { stream });
}
