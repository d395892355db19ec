import { rankedAfter, rankStandings, standingKey, type StandingRow } from './ranking';

const row = (name: string, total: number, tasks: number, userId = name.toLowerCase()): StandingRow => ({ userId, name, department: 'Sales', total, tasks });
const summary = (rows: StandingRow[]) => rankStandings(rows).map((r) => [r.rank, r.name, r.totalScore, r.averageScore, r.performanceLevel]);

describe('ranking', () => {
  it.each<[string, StandingRow[], unknown[][]]>([
    ['empty', [], []],
    ['one executive', [row('Ann', 8.4, 1)], [[1, 'Ann', 8.4, 8.4, 'excellent']]],
    [
      'total descending',
      [row('Ann', 10, 2), row('Bob', 30, 4), row('Cy', 20, 3)],
      [[1, 'Bob', 30, 7.5, 'excellent'], [2, 'Cy', 20, 6.7, 'satisfactory'], [3, 'Ann', 10, 5, 'underperforming']],
    ],
    [
      'ties share a rank and the next rank skips (1, 2, 2, 4)',
      [row('Dee', 5, 1), row('Ann', 20, 2), row('Bob', 16, 2), row('Cy', 16, 2)],
      [[1, 'Ann', 20, 10, 'excellent'], [2, 'Bob', 16, 8, 'excellent'], [2, 'Cy', 16, 8, 'excellent'], [4, 'Dee', 5, 5, 'underperforming']],
    ],
    [
      'within a tie the higher average comes first, then the name',
      [row('Zed', 16, 4), row('Bea', 16, 2), row('Abe', 16, 4)],
      [[1, 'Bea', 16, 8, 'excellent'], [1, 'Abe', 16, 4, 'underperforming'], [1, 'Zed', 16, 4, 'underperforming']],
    ],
    [
      'a three-way tie at the top, then rank 4',
      [row('C', 9, 1), row('B', 9, 1), row('A', 9, 1), row('D', 8, 1)],
      [[1, 'A', 9, 9, 'excellent'], [1, 'B', 9, 9, 'excellent'], [1, 'C', 9, 9, 'excellent'], [4, 'D', 8, 8, 'excellent']],
    ],
    [
      'float noise does not split a tie (8.4 + 8.4 + 7.5 vs 7.5 + 8.4 + 8.4)',
      [row('Ann', 8.4 + 8.4 + 7.5, 3), row('Bob', 7.5 + 8.4 + 8.4, 3), row('Cy', 24.299999999, 3)],
      [[1, 'Ann', 24.3, 8.1, 'excellent'], [1, 'Bob', 24.3, 8.1, 'excellent'], [1, 'Cy', 24.3, 8.1, 'excellent']],
    ],
    [
      'levels follow the rounded average at the thresholds (equal rounded totals tie)',
      [row('Ann', 7.46 * 2, 2), row('Bob', 5.96 * 2, 2), row('Cy', 5.94 * 2, 2)],
      [[1, 'Ann', 14.9, 7.5, 'excellent'], [2, 'Bob', 11.9, 6, 'satisfactory'], [2, 'Cy', 11.9, 5.9, 'underperforming']],
    ],
    [
      'an exact half-tenth average rounds up, however the sum was added up (88.2 / 12 = 7.35)',
      [row('Ann', 88.2, 12), row('Bob', 88.19999999999999, 12)],
      [[1, 'Ann', 88.2, 7.4, 'satisfactory'], [1, 'Bob', 88.2, 7.4, 'satisfactory']],
    ],
    ['executives without tasks are not ranked', [row('Ann', 0, 0), row('Bob', 4, 1)], [[1, 'Bob', 4, 4, 'underperforming']]],
  ])('%s', (_name, rows, expected) => {
    expect(summary(rows)).toEqual(expected);
  });

  it('names compare case-insensitively, and the id settles identical names', () => {
    const ranked = rankStandings([row('bob', 5, 1, 'u2'), row('Bob', 5, 1, 'u1'), row('alice', 5, 1, 'u3')]);
    expect(ranked.map((r) => r.userId)).toEqual(['u3', 'u1', 'u2']);
    expect(ranked.every((r) => r.rank === 1)).toBe(true);
  });
});

describe('rankedAfter (keyset pages over the ranking)', () => {
  const ranked = rankStandings([row('Dee', 5, 1), row('Ann', 20, 2), row('Bob', 16, 2), row('Cy', 16, 2), row('Eve', 16, 4)]);

  it('walks the ranking in pages with no repeats or gaps, ties included', () => {
    const names: string[] = [];
    let rest = ranked;
    while (rest.length > 0) {
      const page = rest.slice(0, 2);
      names.push(...page.map((r) => r.name));
      rest = rankedAfter(ranked, standingKey(page[page.length - 1]));
    }
    expect(names).toEqual(ranked.map((r) => r.name));
  });

  it('starts after where the last row would rank when that row has since moved or gone', () => {
    const gone = { totalScore: 16, averageScore: 6, name: 'Gus', userId: 'gus' };
    expect(rankedAfter(ranked, standingKey(gone)).map((r) => r.name)).toEqual(['Eve', 'Dee']);
  });
});
