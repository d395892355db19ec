import type { Announcement, LeaderboardEntry } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import { clockTime, countdown, isStale, lastSeenLabel, periodHeading, rankLabel, reconnectDelay, scoreRaises, STALE_AFTER_MS, upsertAnnouncement } from './rules';

const entry = (id: string, totalScore: number, rank = 1): LeaderboardEntry => ({
  rank,
  user: { _id: id, name: id, department: 'Sales' },
  totalScore,
  tasksCompleted: 1,
  averageScore: totalScore,
  performanceLevel: 'excellent',
  badges: [],
});
const announcement = (id: string, createdAt: string, isPinned = true): Announcement => ({
  _id: id,
  title: id,
  content: '',
  priority: 'medium',
  isPinned,
  expiresAt: null,
  company: 'c',
  author: null,
  createdAt,
  updatedAt: createdAt,
});

describe('wall rules', () => {
  it('heads the board with the period', () => {
    expect(periodHeading({ year: 2026, month: 11 })).toBe('November 2026 Leaderboard');
    expect(periodHeading({ year: 2026 })).toBe('2026 Leaderboard');
  });

  it('gives medals to the first three ranks', () => {
    expect([1, 2, 3, 4, 10].map(rankLabel)).toEqual(['🥇', '🥈', '🥉', '#4', '#10']);
  });

  it('shows times on a 24-hour clock and a countdown that stops at zero', () => {
    expect(clockTime(new Date(2026, 10, 20, 9, 5))).toBe('09:05');
    expect(clockTime(new Date(2026, 10, 20, 23, 59))).toBe('23:59');
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(countdown('2026-11-20T10:09:30Z', now)).toBe('9:30');
    expect(countdown('2026-11-20T10:00:00.200Z', now)).toBe('0:01');
    expect(countdown('2026-11-20T09:00:00Z', now)).toBe('0:00');
  });

  it('finds whose score just landed, and by how much', () => {
    const before = [entry('ann', 20), entry('bob', 8.4)];
    const after = [entry('bob', 16.8), entry('ann', 20), entry('cy', 7)];
    expect([...scoreRaises(before, after)]).toEqual([
      ['bob', 8.4],
      ['cy', 7],
    ]);
    // A re-scoring down is no celebration.
    expect(scoreRaises(before, [entry('ann', 19), entry('bob', 8.4)]).size).toBe(0);
  });

  it('keeps pinned announcements only, newest first', () => {
    const old = announcement('old', '2026-11-01T00:00:00Z');
    const fresh = announcement('new', '2026-11-10T00:00:00Z');
    expect(upsertAnnouncement([old], fresh).map((a) => a._id)).toEqual(['new', 'old']);
    expect(upsertAnnouncement([fresh, old], { ...fresh, title: 'edited' })[0].title).toBe('edited');
    expect(upsertAnnouncement([fresh, old], { ...fresh, isPinned: false }).map((a) => a._id)).toEqual(['old']);
  });

  it('backs off reconnects exponentially up to 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(reconnectDelay(0, 1)).toBe(1250);
  });

  it("says when a display was last seen", () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const date = () => 'Nov 18, 2026';
    expect(lastSeenLabel(null, now, date)).toBe('never');
    expect(lastSeenLabel(ago(30_000), now, date)).toBe('just now');
    expect(lastSeenLabel(ago(5 * 60_000), now, date)).toBe('5 min ago');
    expect(lastSeenLabel(ago(3 * 3600_000), now, date)).toBe('3 h ago');
    expect(lastSeenLabel(ago(2 * 86_400_000), now, date)).toBe('Nov 18, 2026');
  });
});

describe('isStale', () => {
  it('passes over a blip, and says stale after 30 s without the server', () => {
    const since = 1_000_000;
    expect(isStale(null, since + 10 * STALE_AFTER_MS)).toBe(false);
    expect(isStale(since, since + 5_000)).toBe(false);
    expect(STALE_AFTER_MS).toBe(30_000);
    expect(isStale(since, since + STALE_AFTER_MS)).toBe(true);
  });
});
