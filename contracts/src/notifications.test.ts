import { randomUUID } from 'node:crypto';
import { broadcastNotificationId, ownBroadcastCopy, type NotificationBroadcast } from './notifications';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('broadcast notification ids', () => {
  it("is a v4 UUID made of the batch's first three groups and the user's last two", () => {
    const batch = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const user = '11111111-2222-4333-9444-555555555555';
    expect(broadcastNotificationId(batch, user)).toBe('aaaaaaaa-bbbb-4ccc-9444-555555555555');
    for (let i = 0; i < 100; i++) expect(broadcastNotificationId(randomUUID(), randomUUID())).toMatch(V4);
  });

  it('gives every user of a batch their own id, and a user a new id per batch', () => {
    const batch = randomUUID();
    const users = Array.from({ length: 1000 }, () => randomUUID());
    expect(new Set(users.map((u) => broadcastNotificationId(batch, u))).size).toBe(1000);
    const batches = Array.from({ length: 1000 }, () => randomUUID());
    expect(new Set(batches.map((b) => broadcastNotificationId(b, users[0]))).size).toBe(1000);
  });

  it("derives a recipient's unread copy", () => {
    const broadcast: NotificationBroadcast = {
      batch: randomUUID(),
      role: 'executive',
      notification: { kind: 'announcement.created', title: 'New announcement', body: 'Town hall', link: '/executive/announcements', createdAt: '2026-03-01T12:00:00.000Z' },
    };
    const user = randomUUID();
    expect(ownBroadcastCopy(broadcast, user)).toEqual({ _id: broadcastNotificationId(broadcast.batch, user), ...broadcast.notification, readAt: null });
  });
});
