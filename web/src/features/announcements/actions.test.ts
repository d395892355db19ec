import type { Announcement, User } from '@kpi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionData, store } from '../../lib/store';
import { sessionUserAtom } from '../../session/atoms';
import { applyAnnouncement, forgetAnnouncement, loadAnnouncements } from './actions';
import { announcementsApi } from './api';
import { announcementsAtom } from './atoms';

const announcement = (id: string): Announcement =>
  ({ _id: id, title: id, content: 'C', priority: 'medium', isPinned: false, expiresAt: null, createdAt: '2026-05-01T00:00:00.000Z', updatedAt: '2026-05-01T00:00:00.000Z' }) as unknown as Announcement;

const executive = { _id: 'u1', role: 'executive', company: { _id: 'c1' } } as unknown as User;

/** The list call, answered by the test once the event has landed. */
function listInFlight() {
  let answer!: (body: Announcement[]) => void;
  vi.spyOn(announcementsApi, 'list').mockReturnValue(new Promise((resolve) => (answer = (body) => resolve({ body, next: null }))));
  return answer;
}

describe('loadAnnouncements with events landing while it is in flight', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetSessionData();
  });

  it('keeps an announcement created live though the answer predates it (the CI race)', async () => {
    store.set(sessionUserAtom, executive);
    const answer = listInFlight();
    const loading = loadAnnouncements();
    applyAnnouncement(announcement('new'), new Date().toISOString());
    answer([announcement('old')]);
    await loading;
    expect(store.get(announcementsAtom).map((a) => a._id)).toEqual(['new', 'old']);
  });

  it('does not bring back an announcement deleted live', async () => {
    store.set(sessionUserAtom, executive);
    const answer = listInFlight();
    const loading = loadAnnouncements({ quiet: true });
    forgetAnnouncement('old');
    answer([announcement('old'), announcement('kept')]);
    await loading;
    expect(store.get(announcementsAtom).map((a) => a._id)).toEqual(['kept']);
  });
});
