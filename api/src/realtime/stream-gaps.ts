/**
 * Which sequence numbers of each stream this node has seen go by, to notice one that never came (the node that
 * committed it died before publishing it). Pure bookkeeping; LiveOrder acts on what it reports.
 */
export class StreamGaps {
  /** Per stream: every seq up to `through` was seen; `ahead` holds those seen beyond a gap. */
  private readonly streams = new Map<string, { through: number; ahead: Set<number> }>();

  /** Records a seq; returns true when the stream now has a gap below its highest seq. */
  see(stream: string, seq: number): boolean {
    const state = this.streams.get(stream);
    // The first event of a stream this node sees is its starting point: earlier ones were before its time.
    if (!state) {
      this.streams.set(stream, { through: seq, ahead: new Set() });
      return false;
    }
    if (seq <= state.through) return false;
    state.ahead.add(seq);
    while (state.ahead.delete(state.through + 1)) state.through++;
    return state.ahead.size > 0;
  }

  /** The highest seq up to which every one was seen (undefined before the stream's first). */
  through(stream: string): number | undefined {
    return this.streams.get(stream)?.through;
  }

  /** The seqs still missing below the highest seen, in order (empty when the gap closed meanwhile). */
  missing(stream: string): number[] {
    const state = this.streams.get(stream);
    if (!state || state.ahead.size === 0) return [];
    const highest = Math.max(...state.ahead);
    const out: number[] = [];
    for (let seq = state.through + 1; seq < highest; seq++) if (!state.ahead.has(seq)) out.push(seq);
    return out;
  }

  /** Gives up on seqs that cannot be found (pruned from the log): the stream moves on past them. */
  skip(stream: string, seqs: number[]): void {
    for (const seq of seqs) this.see(stream, seq);
  }
}
