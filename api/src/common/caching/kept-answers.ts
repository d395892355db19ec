/**
 * How long an answer is served without reading the database: what another instance's commit may take to show
 * here, as for the actor cache (docs/decisions.md, "Answers kept for a second").
 */
export const KEPT_ANSWER_TTL_MS = 1_000;

interface Kept<T> {
  tags: readonly string[];
  value: Promise<T>;
  expiresAt: number;
}

/**
 * Answers kept for a short while, each tagged with what a commit can change under it (a company, a user).
 * Every caller within the lifetime gets the same promise, so a burst of identical requests reads once; `drop`
 * forgets every answer carrying a tag at once (a read still running then is not handed to later callers);
 * a failed read is not kept; beyond `max` answers the oldest goes first.
 */
export class KeptAnswers<T> {
  private readonly kept = new Map<string, Kept<T>>();

  constructor(
    private readonly max: number,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = KEPT_ANSWER_TTL_MS,
  ) {}

  get(key: string, tags: readonly string[], read: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const found = this.kept.get(key);
    if (found && found.expiresAt > now) return found.value;
    this.kept.delete(key);
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value!);
    const kept: Kept<T> = { tags, value: read(), expiresAt: now + this.ttlMs };
    this.kept.set(key, kept);
    kept.value.catch(() => this.kept.get(key) === kept && this.kept.delete(key));
    return kept.value;
  }

  drop(tag: string): void {
    for (const [key, kept] of this.kept) if (kept.tags.includes(tag)) this.kept.delete(key);
  }

  dropAll(): void {
    this.kept.clear();
  }
}
