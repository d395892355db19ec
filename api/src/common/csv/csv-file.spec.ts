import { csvCell, csvFile } from './csv-file';

describe('csv', () => {
  it.each<[string | number | null, string]>([
    ['plain', 'plain'],
    ['Carter, James', '"Carter, James"'],
    ['The "Closer"', '"The ""Closer"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', "'\tTabbed"],
    ['a=b', 'a=b'],
    [8.4, '8.4'],
    [0, '0'],
    [null, ''],
    ['', ''],
  ])('cell %p → %p', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes a comment line, then tables separated by a blank line, with CRLF endings', () => {
    const file = csvFile('Leaderboard March 2026\nsecond line', [
      [['a', 'b'], [1, 'x,y']],
      [['c'], [2]],
    ]);
    expect(file).toBe('# Leaderboard March 2026 second line\r\na,b\r\n1,"x,y"\r\n\r\nc\r\n2\r\n');
  });
});
