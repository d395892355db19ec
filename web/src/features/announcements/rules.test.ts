import type { Announcement } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import { byPinnedThenNewest, isExpired } from './rules';

const make = (id: string, createdAt: string, isPinned = false, expiresAt: string | null = null): Announcement => ({
  _id: id,
  title: id,
  content: '',
  priority: 'medium',
  isPinned,
  expiresAt,
  company: 'c1',
  author: { _id: 'u1', name: 'Alex' },
  createdAt,
  updatedAt: createdAt,
});

describe('announcement rules', () => {
  it('orders pinned first, then newest first', () => {
    const list = [
      make('old', '2026-01-01T00:00:00.000Z'),
      make('pinned-old', '2025-12-01T00:00:00.000Z', true),
      make('new', '2026-03-01T00:00:00.000Z'),
      make('pinned-new', '2026-02-01T00:00:00.000Z', true),
    ];
    expect([...list].sort(byPinnedThenNewest).map((a) => a._id)).toEqual(['pinned-new', 'pinned-old', 'new', 'old']);
  });

  it('knows when an expiry has come', () => {
    const at = Date.parse('2026-03-01T12:00:00.000Z');
    expect(isExpired(make('a', '2026-01-01T00:00:00.000Z'), at)).toBe(false);
    expect(isExpired(make('a', '2026-01-01T00:00:00.000Z', false, '2026-03-01T12:00:00.001Z'), at)).toBe(false);
    expect(isExpired(make('a', '2026-01-01T00:00:00.000Z', false, '2026-03-01T12:00:00.000Z'), at)).toBe(true);
    expect(isExpired(make('a', '2026-01-01T00:00:00.000Z', false, '2026-03-01T11:00:00.000Z'), '2026-03-01T12:00:00.000Z')).toBe(true);
  });
});
