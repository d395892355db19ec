import type { EntityManager } from '@mikro-orm/knex';
import type { AnyEnvelope } from '@kpi/contracts';
import { Announcement } from '../modules/announcements/announcement.entity';
import { User } from '../modules/users/user.entity';

const ANNOUNCEMENT_EVENTS = new Set(['announcement.created', 'announcement.updated', 'announcement.pinned']);
const USER_EVENTS = new Set(['user.created', 'user.updated', 'admin.created', 'admin.updated']);

/**
 * What was deleted stays deleted in a replay: events carrying an announcement that no longer exists, or a user
 * record (email, phone number) of someone since deleted, are dropped. The `*.deleted` events themselves stay,
 * so the client still removes what it holds. Two queries, whatever the number of events.
 * Audit entries about a deleted announcement or person are dropped too.
 */
export async function dropDeleted(em: EntityManager, events: AnyEnvelope[]): Promise<AnyEnvelope[]> {
  // An audit entry about an announcement or a person carries their content too (docs/audit.md): the trail keeps it
  // for the admins who read it over REST, but a replay does not hand it out again once they are deleted.
  const subjectOf = (e: AnyEnvelope, type: string) => (e.type === 'audit.recorded' && e.payload.entry.subject.type === type ? e.payload.entry.subject.id : undefined);
  const announcementOf = (e: AnyEnvelope) =>
    ANNOUNCEMENT_EVENTS.has(e.type) ? (e.payload as { announcement?: { _id?: string } }).announcement?._id : subjectOf(e, 'announcement');
  const userOf = (e: AnyEnvelope) => (USER_EVENTS.has(e.type) ? (e.payload as { user?: { _id?: string } }).user?._id : subjectOf(e, 'user'));
  const announcementIds = [...new Set(events.map(announcementOf).filter((id): id is string => !!id))];
  const userIds = [...new Set(events.map(userOf).filter((id): id is string => !!id))];
  if (!announcementIds.length && !userIds.length) return events;

  const [announcements, users] = await Promise.all([
    announcementIds.length ? em.find(Announcement, { id: { $in: announcementIds } }, { fields: ['id'] }) : [],
    userIds.length ? em.find(User, { id: { $in: userIds } }, { fields: ['id'] }) : [],
  ]);
  const live = new Set([...announcements.map((a) => a.id), ...users.map((u) => u.id)]);
  return events.filter((e) => {
    const id = announcementOf(e) ?? userOf(e);
    return id === undefined || live.has(id);
  });
}
