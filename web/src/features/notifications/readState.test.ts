import type { Notification } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import { ownBroadcastCopy, type NotificationBroadcast } from '@kpi/contracts';
import { addIfNew, addNotification, markRead, withOlderPages } from './readState';

const make = (id: string, minute: number, readAt: string | null = null): Notification => ({
  _id: id,
  kind: 'announcement.created',
  title: 'New announcement',
  body: id,
  link: '/executive/announcements',
  readAt,
  createdAt: new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString(),
});

describe('notification read state', () => {
  it('adds newest first, replaces a known id and keeps what was paged in', () => {
    let list = [make('a', 1), make('b', 0)];
    list = addNotification(list, make('c', 2));
    expect(list.map((n) => n._id)).toEqual(['c', 'a', 'b']);
    list = addNotification(list, { ...make('a', 1), title: 'changed' });
    expect(list.map((n) => n._id)).toEqual(['c', 'a', 'b']);
    expect(list[1].title).toBe('changed');

    const loaded = Array.from({ length: 120 }, (_, i) => make(`n${i}`, i));
    expect(addNotification(loaded, make('newest', 999))).toHaveLength(121);
    expect(addNotification(loaded, make('newest', 999))[0]._id).toBe('newest');
  });

  it('a fresh first page replaces what it covers and keeps the older pages loaded', () => {
    const loaded = [make('d', 4, 'x'), make('c', 3), make('b', 2), make('a', 1)];
    const firstPage = [make('e', 5), make('d', 4, 'read'), make('c', 3, 'read')];
    expect(withOlderPages(firstPage, loaded).map((n) => [n._id, n.readAt])).toEqual([
      ['e', null],
      ['d', 'read'],
      ['c', 'read'],
      ['b', null],
      ['a', null],
    ]);
    expect(withOlderPages([], loaded)).toEqual([]);
  });

  it('marks the named ones, or all, read and keeps earlier read times', () => {
    const earlier = '2026-03-01T00:00:00.000Z';
    const at = '2026-03-02T00:00:00.000Z';
    const list = [make('a', 2), make('b', 1), make('c', 0, earlier)];
    expect(markRead(list, ['b'], at).map((n) => n.readAt)).toEqual([null, at, earlier]);
    expect(markRead(list, 'all', at).map((n) => n.readAt)).toEqual([at, at, earlier]);
    expect(markRead(list, ['unknown'], at)).toBe(list);
  });

  it("adds a broadcast's copy once: a replay, or a fetch that already returned it, does not count it again", () => {
    const broadcast: NotificationBroadcast = {
      batch: '0f0e0d0c-0b0a-4909-8807-060504030201',
      role: 'executive',
      notification: { kind: 'announcement.created', title: 'New announcement', body: 'Town hall', link: '/executive/announcements', createdAt: make('x', 9).createdAt },
    };
    const mine = ownBroadcastCopy(broadcast, '11111111-2222-4333-9444-555555555555');
    const colleagues = ownBroadcastCopy(broadcast, '11111111-2222-4333-a666-777777777777');
    expect(mine._id).not.toBe(colleagues._id);

    const first = addIfNew([make('a', 1)], mine);
    expect(first.added).toBe(true);
    expect(first.list.map((n) => n._id)).toEqual([mine._id, 'a']);
    const again = addIfNew(first.list, { ...mine });
    expect(again.added).toBe(false);
    expect(again.list).toBe(first.list);
    // Already read on the server (the fetch came first): it stays read.
    const fetched = [{ ...mine, readAt: '2026-03-01T13:00:00.000Z' }];
    expect(addIfNew(fetched, mine)).toEqual({ list: fetched, added: false });
  });
});
