import { createLimiter } from './concurrency';
import { SharedSpans } from './shared-spans';

/** A read of a span that ends when the test says, having seen the stream through `through`. */
interface Read {
  through: number;
}

/** Loads the test controls: each call is one read of the database, finished by hand. */
function loads() {
  const pending: { finish: (through: number) => void; fail: (err: Error) => void; previous?: Read }[] = [];
  const load = (previous?: Read) => new Promise<Read>((resolve, reject) => pending.push({ finish: (through) => resolve({ through }), fail: reject, previous }));
  return { load, pending };
}

const tick = () => new Promise((r) => setImmediate(r));
const reaches = (read: Read, head: number) => read.through >= head;

describe('SharedSpans', () => {
  it('serves every socket that asks while a read waits for a slot, whatever head each read', async () => {
    const slots = createLimiter(1);
    let releaseSlot!: () => void;
    void slots(() => new Promise<void>((r) => (releaseSlot = r)));
    const spans = new SharedSpans<Read>(slots, reaches);
    const { load, pending } = loads();

    const answers = [spans.read('s 10', 12, load), spans.read('s 10', 15, load), spans.read('s 10', 19, load)];
    releaseSlot();
    await tick();
    expect(pending).toHaveLength(1);
    pending[0].finish(19);
    expect(await Promise.all(answers)).toEqual([{ through: 19 }, { through: 19 }, { through: 19 }]);
  });

  it('a read under way serves a later head it reached, and no other', async () => {
    const spans = new SharedSpans<Read>(createLimiter(4), reaches);
    const { load, pending } = loads();

    const first = spans.read('s 10', 12, load);
    await tick();
    // Heads read while the first read runs: one it will reach, one past what it will see.
    const reached = spans.read('s 10', 14, load);
    const beyond = spans.read('s 10', 20, load);
    pending[0].finish(14);
    expect(await first).toEqual({ through: 14 });
    expect(await reached).toEqual({ through: 14 });
    await tick();
    // The socket whose head the read did not reach gets a newer read, which a socket arriving meanwhile joins; it
    // follows the first one, and is handed it.
    expect(pending).toHaveLength(2);
    expect(pending[1].previous).toEqual({ through: 14 });
    expect(pending[0].previous).toBeUndefined();
    const meanwhile = spans.read('s 10', 25, load);
    pending[1].finish(25);
    expect(await beyond).toEqual({ through: 25 });
    expect(await meanwhile).toEqual({ through: 25 });
    expect(pending).toHaveLength(2);
  });

  it('keeps spans apart by key', async () => {
    const spans = new SharedSpans<Read>(createLimiter(4), reaches);
    const { load, pending } = loads();
    const admin = spans.read('s 10', 12, load);
    const executive = spans.read('s 8', 12, load);
    await tick();
    expect(pending).toHaveLength(2);
    pending.forEach((p) => p.finish(12));
    await Promise.all([admin, executive]);
  });

  it('trusts a read begun after the head even when it stops short of it (a sequence with no row), instead of reading forever', async () => {
    const spans = new SharedSpans<Read>(createLimiter(4), reaches);
    const { load, pending } = loads();
    const answer = spans.read('s 10', 12, load);
    await tick();
    pending[0].finish(11);
    expect(await answer).toEqual({ through: 11 });
    expect(pending).toHaveLength(1);
  });

  it('a failed read fails those waiting on it, and the next socket reads again', async () => {
    const spans = new SharedSpans<Read>(createLimiter(4), reaches);
    const { load, pending } = loads();
    const a = spans.read('s 10', 12, load);
    const b = spans.read('s 10', 12, load);
    await tick();
    pending[0].fail(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await expect(b).rejects.toThrow('connection lost');
    const c = spans.read('s 10', 12, load);
    await tick();
    expect(pending).toHaveLength(2);
    pending[1].finish(12);
    expect(await c).toEqual({ through: 12 });
  });

  it('forgets a finished read after a moment', async () => {
    jest.useFakeTimers();
    try {
      const spans = new SharedSpans<Read>(createLimiter(4), reaches, 1_000);
      const { load, pending } = loads();
      const first = spans.read('s 10', 12, load);
      await Promise.resolve();
      pending[0].finish(12);
      await first;
      await Promise.resolve();
      expect(await spans.read('s 10', 12, load)).toEqual({ through: 12 });
      expect(pending).toHaveLength(1);
      jest.advanceTimersByTime(1_000);
      void spans.read('s 10', 12, load);
      await Promise.resolve();
      await Promise.resolve();
      expect(pending).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
