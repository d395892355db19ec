import { isEarlyBird, isPerfect, periodBadges, taskBadges, type PeriodStanding, type ScoredTaskFacts } from './badge-rules';

const HOUR = 3600_000;
const deadline = new Date('2026-03-10T12:00:00Z');
const task = (overrides: Partial<ScoredTaskFacts> = {}): ScoredTaskFacts => ({
  taskId: 't1',
  title: 'Pipeline review',
  userId: 'u1',
  totalScore: 8.4,
  submittedAt: new Date(deadline.getTime() - 2 * HOUR),
  deadline,
  ...overrides,
});
const ids = (drafts: { badgeId: string; period: string }[]) => drafts.map((d) => `${d.badgeId}@${d.period}`);

describe('per-task badges', () => {
  it.each<[string, Partial<ScoredTaskFacts>, string[]]>([
    ['an ordinary scoring earns first-task (held once ever)', {}, ['first-task@all']],
    ['a total of 10 earns perfect-score for that task', { totalScore: 10 }, ['first-task@all', 'perfect-score@task:t1']],
    ['9.9 is not perfect', { totalScore: 9.9 }, ['first-task@all']],
    ['float noise at 10 still counts', { totalScore: 9.99999999999 }, ['first-task@all', 'perfect-score@task:t1']],
    ['exactly 24 h early earns early-bird', { submittedAt: new Date(deadline.getTime() - 24 * HOUR) }, ['first-task@all', 'early-bird@task:t1']],
    ['a minute short of 24 h does not', { submittedAt: new Date(deadline.getTime() - 24 * HOUR + 60_000) }, ['first-task@all']],
    ['late work does not', { submittedAt: new Date(deadline.getTime() + HOUR) }, ['first-task@all']],
    ['both at once', { totalScore: 10, submittedAt: new Date(deadline.getTime() - 72 * HOUR) }, ['first-task@all', 'perfect-score@task:t1', 'early-bird@task:t1']],
  ])('%s', (_name, overrides, expected) => {
    expect(ids(taskBadges(task(overrides)))).toEqual(expected);
  });

  it('names the task in the reason and awards the assignee', () => {
    const drafts = taskBadges(task({ totalScore: 10, userId: 'u9' }));
    expect(drafts.every((d) => d.userId === 'u9')).toBe(true);
    expect(drafts.find((d) => d.badgeId === 'perfect-score')?.reason).toBe('Scored 10/10 on "Pipeline review"');
  });

  it('helpers', () => {
    expect(isPerfect(10)).toBe(true);
    expect(isPerfect(9.9)).toBe(false);
    expect(isEarlyBird(null, deadline)).toBe(false);
  });
});

describe('period badges', () => {
  const s = (userId: string, rank: number, averageScore: number, tasksCompleted: number): PeriodStanding => ({ userId, rank, averageScore, tasksCompleted });

  it('rank 1 → top performer and podium; ranks 2-3 → podium; excellence needs 7.5 over 3 tasks', () => {
    const drafts = periodBadges([s('a', 1, 9, 3), s('b', 2, 7.5, 3), s('c', 3, 8, 2), s('d', 4, 9.5, 5), s('e', 5, 7.4, 6)], '2026-03', 'March 2026');
    expect(drafts.map((d) => `${d.userId}:${d.badgeId}@${d.period}`)).toEqual([
      'a:top-performer@2026-03',
      'a:podium@2026-03',
      'a:consistent-excellence@2026-03',
      'b:podium@2026-03',
      'b:consistent-excellence@2026-03',
      'c:podium@2026-03',
      'd:consistent-excellence@2026-03',
    ]);
    expect(drafts[0].reason).toBe('Ranked #1 in the March 2026 leaderboard');
    expect(drafts[3].reason).toBe('Ranked #2 in the March 2026 leaderboard');
    expect(drafts[2].reason).toBe('Averaged 9.0 over 3 tasks in March 2026');
  });

  it('ties share the badges of their rank (1, 1, 3, 3 → four on the podium, two top performers)', () => {
    const drafts = periodBadges([s('a', 1, 5, 1), s('b', 1, 5, 1), s('c', 3, 5, 1), s('d', 3, 5, 1), s('e', 5, 5, 1)], '2026', '2026');
    expect(drafts.filter((d) => d.badgeId === 'top-performer').map((d) => d.userId)).toEqual(['a', 'b']);
    expect(drafts.filter((d) => d.badgeId === 'podium').map((d) => d.userId)).toEqual(['a', 'b', 'c', 'd']);
    expect(new Set(drafts.map((d) => d.period))).toEqual(new Set(['2026']));
  });

  it('an empty leaderboard awards nothing', () => {
    expect(periodBadges([], '2026-03', 'March 2026')).toEqual([]);
  });
});
