import { createHash } from 'node:crypto';

/**
 * The one hash chain mechanism of the app (docs/audit.md): every row of a chain stores the hash of the row
 * before it and its own hash over that and its canonical content, so editing a row, or removing one, breaks
 * every link after it. The score history (modules/tasks/score-chain.repository.ts) and the audit trail
 * (modules/audit/audit-chain.repository.ts) are chains of this kind; each keeps its own rows and head.
 */

/** The `prevHash` of a chain's first row. */
export const GENESIS = '0'.repeat(64);

/** JSON with keys sorted at every level, so a row hashes the same after a round trip through either database. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A row's hash: the hash of the row before it, then its canonical content. */
export function linkHash(prevHash: string, content: unknown): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonical(content)).digest('hex');
}

/** A chained row as the walk sees it: its position, the link it claims and its hash. */
export interface ChainLink {
  seq: number | null;
  prevHash: string | null;
  hash: string | null;
}

/**
 * Whether `row` still holds what was hashed (`content` is what it holds now) and follows `before` (null for the
 * first row, whose link is `floorHash`: GENESIS, or the hash of the last row a retention pruner removed).
 */
export function linkIntact(row: ChainLink, content: unknown, before: ChainLink | null, floor: { seq: number; hash: string } = { seq: 0, hash: GENESIS }): boolean {
  if (row.seq === null || !row.hash || !row.prevHash) return false;
  const expectedPrev = row.seq === floor.seq + 1 ? floor.hash : before?.hash;
  return row.prevHash === expectedPrev && linkHash(row.prevHash, content) === row.hash;
}
