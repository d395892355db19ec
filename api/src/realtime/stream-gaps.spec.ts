import { StreamGaps } from './stream-gaps';

describe('the seqs a node has seen go by', () => {
  it('starts at the first seq it sees and reports no gap while they come in order', () => {
    const gaps = new StreamGaps();
    expect([41, 42, 43].map((seq) => gaps.see('c1', seq))).toEqual([false, false, false]);
    expect(gaps.missing('c1')).toEqual([]);
  });

  it('reports a seq that never came, and closes the gap when it comes late', () => {
    const gaps = new StreamGaps();
    gaps.see('c1', 1);
    expect(gaps.see('c1', 3)).toBe(true);
    expect(gaps.see('c1', 5)).toBe(true);
    expect(gaps.missing('c1')).toEqual([2, 4]);
    expect(gaps.see('c1', 2)).toBe(true);
    expect(gaps.missing('c1')).toEqual([4]);
    expect(gaps.see('c1', 4)).toBe(false);
    expect(gaps.missing('c1')).toEqual([]);
  });

  it('keeps streams apart, ignores repeats and moves past seqs given up on', () => {
    const gaps = new StreamGaps();
    gaps.see('c1', 1);
    gaps.see('c2', 7);
    gaps.see('c1', 4);
    expect(gaps.see('c1', 1)).toBe(false); // a repeat: the gap's check is already due
    expect(gaps.missing('c2')).toEqual([]);
    gaps.skip('c1', [2, 3]);
    expect(gaps.missing('c1')).toEqual([]);
    expect(gaps.see('c1', 5)).toBe(false);
  });
});
