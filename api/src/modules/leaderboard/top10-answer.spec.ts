import type { LeaderboardEntry, Top10Response } from '@kpi/contracts';
import { Top10Answer } from './top10-answer';

const entry = (rank: number, name: string, totalScore: number): LeaderboardEntry =>
  ({ rank, user: { _id: `u${rank}`, name, department: rank % 2 ? 'Sales' : null }, totalScore, tasksCompleted: rank + 2, avgQuality: 4.5, avgTime: 3, avgInitiative: 2.5, badges: [{ type: 'gold', label: 'Gold "star"' }] }) as unknown as LeaderboardEntry;

describe('Top10Answer', () => {
  const top10 = [entry(1, 'Zoë Ångström', 9.5), entry(2, 'Line\nbreak \u2028 name', 7)];

  it.each<[string, Top10Response]>([
    ['a position and a month', { top10, currentUserPosition: { rank: 14, user: { _id: 'u14', name: 'Ivo', department: 'Ops' }, totalScore: 3.25 }, totalExecutives: 1000, period: { year: 2026, month: 11 } }],
    ['no position and a year', { top10, currentUserPosition: null, totalExecutives: 0, period: { year: 2025 } }],
    ['no one ranked', { top10: [], currentUserPosition: null, totalExecutives: 3, period: { year: 2026, month: 1 } }],
  ])('sends exactly the JSON of its value: %s', (_name, value) => {
    expect(new Top10Answer(value).body().toString()).toBe(JSON.stringify(value));
  });

  it('serialises the shared first places once for every caller, and each caller its own position', () => {
    const top10 = [entry(1, 'Ada', 4), entry(2, 'Bo', 3)];
    const stringify = jest.spyOn(JSON, 'stringify');
    const first = new Top10Answer({ top10, currentUserPosition: null, totalExecutives: 2, period: { year: 2026 } });
    const second = new Top10Answer({ top10, currentUserPosition: { rank: 1, user: { _id: 'u1', name: 'Zoë Ångström', department: 'Sales' }, totalScore: 9.5 }, totalExecutives: 2, period: { year: 2026 } });
    first.body();
    second.body();
    const arraysSerialised = stringify.mock.calls.filter(([v]) => v === top10).length;
    stringify.mockRestore();
    expect(arraysSerialised).toBe(1);
    expect(JSON.parse(second.body().toString()).currentUserPosition.rank).toBe(1);
  });

  it('gives everyone without a position one answer per kept first places, and a new one when anything in it differs', () => {
    const top10 = [entry(1, 'Ada', 4)];
    const admin = Top10Answer.unranked(top10, 5, { year: 2026, month: 11 });
    expect(Top10Answer.unranked(top10, 5, { year: 2026, month: 11 })).toBe(admin);
    expect(admin.body().toString()).toBe(JSON.stringify({ top10, currentUserPosition: null, totalExecutives: 5, period: { year: 2026, month: 11 } }));
    // One more executive in the company, or first places read again after a change: not the kept answer.
    expect(Top10Answer.unranked(top10, 6, { year: 2026, month: 11 }).value.totalExecutives).toBe(6);
    const reread = [entry(1, 'Ada', 4)];
    expect(Top10Answer.unranked(reread, 6, { year: 2026, month: 11 })).not.toBe(Top10Answer.unranked(top10, 6, { year: 2026, month: 11 }));
  });
});
