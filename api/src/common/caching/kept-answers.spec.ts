import { KEPT_ANSWER_TTL_MS, KeptAnswers } from './kept-answers';

function setUp(max = 10) {
  let clock = 0;
  const kept = new KeptAnswers<string>(max, () => clock);
  let reads = 0;
  const read = (value: string) => () => (reads++, Promise.resolve(value));
  return { kept, read, reads: () => reads, tick: (ms: number) => (clock += ms) };
}

describe('KeptAnswers', () => {
  it('hands every caller within the lifetime the same read, then reads again', async () => {
    const { kept, read, reads, tick } = setUp();
    expect(await Promise.all([kept.get('k', ['c1'], read('a')), kept.get('k', ['c1'], read('b'))])).toEqual(['a', 'a']);
    tick(KEPT_ANSWER_TTL_MS - 1);
    expect(await kept.get('k', ['c1'], read('b'))).toBe('a');
    tick(1);
    expect(await kept.get('k', ['c1'], read('b'))).toBe('b');
    expect(reads()).toBe(2);
  });

  it('drops the answers carrying a tag, and only those', async () => {
    const { kept, read } = setUp();
    await kept.get('one', ['c1'], read('a'));
    await kept.get('two', ['c2', 'u9'], read('b'));
    kept.drop('c1');
    kept.drop('u8');
    expect(await kept.get('one', ['c1'], read('a2'))).toBe('a2');
    expect(await kept.get('two', ['c2', 'u9'], read('b2'))).toBe('b');
    kept.drop('u9');
    expect(await kept.get('two', ['c2', 'u9'], read('b3'))).toBe('b3');
    kept.dropAll();
    expect(await kept.get('one', ['c1'], read('a3'))).toBe('a3');
  });

  it('does not hand a read still running at a drop to later callers', async () => {
    const { kept, read } = setUp();
    let finish!: (value: string) => void;
    const running = kept.get('k', ['c1'], () => new Promise<string>((resolve) => (finish = resolve)));
    kept.drop('c1');
    const later = kept.get('k', ['c1'], read('fresh'));
    finish('stale');
    expect(await running).toBe('stale');
    expect(await later).toBe('fresh');
  });

  it('keeps no failed read and at most `max` answers, the oldest going first', async () => {
    const { kept, read, reads } = setUp(2);
    await expect(kept.get('k', ['c1'], () => Promise.reject(new Error('locked')))).rejects.toThrow('locked');
    expect(await kept.get('k', ['c1'], read('a'))).toBe('a');
    await kept.get('x', ['c1'], read('x'));
    await kept.get('y', ['c1'], read('y'));
    expect(await kept.get('k', ['c1'], read('a2'))).toBe('a2');
    expect(reads()).toBe(4);
  });
});
