import { rooms, type Announcement, type AnyEnvelope, type Audience } from '@kpi/contracts';

/** Whether an announcement belongs on a wall when the event is sent: pinned and not expired. */
const onWall = (announcement: Announcement, at: string): boolean =>
  announcement.isPinned && (announcement.expiresAt === null || Date.parse(announcement.expiresAt) > Date.parse(at));

/**
 * What a company's wall displays receive of a committed event, and in which room; null for nothing. Walls see
 * the live leaderboard and pinned, current announcements only. An announcement that leaves the wall (unpinned,
 * expired, or edited while unpinned) reaches it as `announcement.deleted` with the same id and seq, so the
 * screen drops it without ever receiving an unpinned announcement's text.
 */
export function wallRelay(envelope: AnyEnvelope, audience: Audience): { room: string; envelope: AnyEnvelope } | null {
  if (audience.kind !== 'company') return null;
  const room = rooms.wall(audience.companyId);
  switch (envelope.type) {
    case 'leaderboard.updated':
    case 'leaderboard.generated':
    case 'announcement.deleted':
      return { room, envelope };
    case 'announcement.created':
    case 'announcement.updated':
    case 'announcement.pinned': {
      const { announcement } = envelope.payload;
      if (onWall(announcement, envelope.at)) return { room, envelope };
      // A new announcement that is not pinned was never on a wall: nothing to drop.
      if (envelope.type === 'announcement.created') return null;
      return { room, envelope: { ...envelope, type: 'announcement.deleted', payload: { announcementId: announcement._id } } };
    }
    default:
      return null;
  }
}
