import type { Announcement, AnyEnvelope, Audience, EventPayloads, EventType } from '@kpi/contracts';
import { wallRelay } from './wall-relay';

const AT = '2026-11-20T10:00:00.000Z';
const company: Audience = { kind: 'company', companyId: 'c1' };

const envelope = <T extends EventType>(type: T, payload: EventPayloads[T]) => ({ id: 'e1', seq: 7, type, at: AT, companyId: 'c1', payload }) as AnyEnvelope;
const announcement = (over: Partial<Announcement> = {}): Announcement => ({
  _id: 'a1',
  title: 'Pinned news',
  content: 'Secret unless pinned',
  priority: 'high',
  isPinned: true,
  expiresAt: null,
  company: 'c1',
  author: { _id: 'u1', name: 'Ann' },
  createdAt: AT,
  updatedAt: AT,
  ...over,
});
const dropped = { announcementId: 'a1' };

describe('wallRelay', () => {
  it('relays the live leaderboard and its publication to the company wall room as they are', () => {
    for (const e of [
      envelope('leaderboard.updated', { period: { year: 2026, month: 11 }, top10: [], totalExecutives: 3 }),
      envelope('leaderboard.generated', { type: 'monthly', period: { year: 2026, month: 10 }, generatedAt: AT }),
      envelope('announcement.deleted', { announcementId: 'a1' }),
    ]) {
      expect(wallRelay(e, company)).toEqual({ room: 'wall:c1', envelope: e });
    }
  });

  it.each([
    ['created pinned', 'as is', 'announcement.created', announcement()],
    ['updated pinned', 'as is', 'announcement.updated', announcement()],
    ['pinned', 'as is', 'announcement.pinned', announcement()],
    ['pinned, expiring later', 'as is', 'announcement.updated', announcement({ expiresAt: '2026-11-21T00:00:00.000Z' })],
    ['created unpinned', 'nothing', 'announcement.created', announcement({ isPinned: false })],
    ['unpinned', 'dropped', 'announcement.pinned', announcement({ isPinned: false })],
    ['updated while unpinned', 'dropped', 'announcement.updated', announcement({ isPinned: false })],
    ['expired while pinned', 'dropped', 'announcement.updated', announcement({ expiresAt: '2026-11-20T09:59:59.000Z' })],
    ['expiring at that instant', 'dropped', 'announcement.updated', announcement({ expiresAt: AT })],
  ] as const)('announcement %s → %s', (_name, expected, type, a) => {
    const e = envelope(type, { announcement: a });
    const relayed = wallRelay(e, company);
    if (expected === 'nothing') return expect(relayed).toBeNull();
    if (expected === 'as is') return expect(relayed).toEqual({ room: 'wall:c1', envelope: e });
    // The wall drops it, and never sees the unpinned announcement's text.
    expect(relayed).toEqual({ room: 'wall:c1', envelope: { ...e, type: 'announcement.deleted', payload: dropped } });
    expect(JSON.stringify(relayed)).not.toContain('Secret unless pinned');
  });

  it('relays nothing addressed to admins, one user or the superadmin, nor any other company event', () => {
    const board = envelope('leaderboard.updated', { period: { year: 2026, month: 11 }, top10: [], totalExecutives: 3 });
    expect(wallRelay(board, { kind: 'admins', companyId: 'c1' })).toBeNull();
    expect(wallRelay(board, { kind: 'user', userId: 'u1', companyId: 'c1' })).toBeNull();
    expect(wallRelay(board, { kind: 'superadmin' })).toBeNull();
    const others = [
      envelope('task.deleted', { taskId: 't1', assigneeId: null }),
      envelope('user.deleted', { userId: 'u1' }),
      envelope('session.revoked', { reason: 'deleted', tokenVersion: 2 }),
      envelope('notification.read', { ids: 'all', unread: 0 }),
      envelope('company.deleted', { companyId: 'c1' }),
    ];
    for (const e of others) expect(wallRelay(e, company)).toBeNull();
  });
});
