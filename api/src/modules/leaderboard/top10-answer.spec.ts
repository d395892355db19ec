import type { LeaderboardEntry, Top10Response } from '@kpi/contracts';
import { Top10Answer } from './top10-answer';

const entry = (rank: number, name: string, totalScore: number): LeaderboardEntry => ({
  rank,
  user: { _id: `u${rank}`, name, department: 'Sales' },
  totalScore,
  tasksCompleted: rank + 2,
  averageScore: totalScore,
  performanceLevel: 'excellent',
  badges: ['🥇'],
});

describe('Top10Answer', () => {
  it('sends its value as it is: the same JSON a plain answer of it would be', () => {
    const value: Top10Response = {
      top10: [entry(1, 'Zoë Ångström', 9.5), entry(2, 'Line\nbreak \u2028 name', 7)],
      currentUserPosition: { rank: 14, user: { _id: 'u14', name: 'Ivo', department: 'Ops' }, totalScore: 3.25 },
      totalExecutives: 1000,
      period: { year: 2026, month: 11 },
    };
    expect(JSON.parse(new Top10Answer(value).body().toString())).toEqual(value);
  });

  it('gives everyone without a position one answer per kept first places, and a new one when anything in it differs', () => {
    const top10 = [entry(1, 'Ada', 4)];
    const admin = Top10Answer.unranked(top10, 5, { year: 2026, month: 11 });
    expect(Top10Answer.unranked(top10, 5, { year: 2026, month: 11 })).toBe(admin);
    expect(JSON.parse(admin.body().toString())).toEqual({ top10, currentUserPosition: null, totalExecutives: 5, period: { year: 2026, month: 11 } });
    // One more executive in the company, or first places read again after a change: not the kept answer.
    expect(Top10Answer.unranked(top10, 6, { year: 2026, month: 11 }).value.totalExecutives).toBe(6);
    const reread = [entry(1, 'Ada', 4)];
    expect(Top10Answer.unranked(reread, 6, { year: 2026, month: 11 })).not.toBe(Top10Answer.unranked(top10, 6, { year: 2026, month: 11 }));
  });
});
