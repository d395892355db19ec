import { randomUUID } from 'node:crypto';
import { GENESIS, linkHash, linkIntact } from '../../common/chain/hash-chain';
import type { EntityManager } from '@mikro-orm/knex';
import { onPostgreSql } from '../../database/dialect';
import { ScoreHistory, type ScoreFigures } from './score-history.entity';
import { execute } from '../../database/bound-sql';
import { inParallel } from '../../database/in-parallel';

/** The `prevHash` of a company's first chained row. */
export { GENESIS };

export interface HistoryContent {
  id: string;
  companyId: string;
  taskId: string;
  scoredById: string | null;
  scoredByName: string;
  reason: 'scored' | 'rescored';
  previous: ScoreFigures | null;
  next: ScoreFigures;
  at: Date;
  chainSeq: number;
}

/** A row's hash: its content and the hash of the row before it in its company's chain (common/chain/hash-chain.ts). */
export function chainHash(prevHash: string, row: HistoryContent): string {
  return linkHash(prevHash, { ...row, at: row.at.toISOString() });
}

/** The last row of a company's chain, as the next row needs it; null for a chain not started. */
export type ChainHead = { chainSeq: number; hash: string } | null;

/** The head of a company's chain, read in the caller's transaction. */
async function readChainHead(em: EntityManager, companyId: string): Promise<ChainHead> {
  const [last] = await execute<{ chain_seq: number | string; hash: string }>(
    em,
    'select chain_seq, hash from score_history where company_id = ? and chain_seq is not null order by chain_seq desc limit 1',
    [companyId],
  );
  return last ? { chainSeq: Number(last.chain_seq), hash: last.hash } : null;
}

/**
 * Appends a scoring to its company's history chain. Scorings of one company take turns here (a transaction-scoped
 * advisory lock on PostgreSQL; SQLite runs one write transaction at a time), and the unique (company, chain_seq)
 * index refuses a fork should two ever slip past. Plain SQL, read and insert: this runs in every scoring.
 * `knownHead` is the head the caller already read in this transaction (a scoring reads it with the task); on
 * SQLite, where nothing else writes until the commit, it saves a read. On PostgreSQL the head is read under the
 * lock, whatever the caller read before taking it.
 */
export async function appendScoreHistory(
  em: EntityManager,
  row: Omit<HistoryContent, 'id' | 'chainSeq' | 'at'> & { at?: Date },
  knownHead?: ChainHead,
): Promise<HistoryContent & { hash: string }> {
  let head: ChainHead;
  if (onPostgreSql(em)) {
    // The head is read after the lock is held: sent together, they run in this order in one round trip (bound-sql.ts).
    [, head] = await inParallel([execute(em, `select pg_advisory_xact_lock(hashtext(?))`, [`score-chain:${row.companyId}`]), readChainHead(em, row.companyId)] as const);
  } else {
    head = knownHead !== undefined ? knownHead : await readChainHead(em, row.companyId);
  }
  const content: HistoryContent = { ...row, id: randomUUID(), at: new Date(row.at ?? Date.now()), chainSeq: (head?.chainSeq ?? 0) + 1 };
  const prevHash = head?.hash ?? GENESIS;
  const hash = chainHash(prevHash, content);
  await execute(
    em,
    `insert into score_history (id, company_id, task_id, scored_by_id, scored_by_name, reason, previous, next, at, chain_seq, prev_hash, hash)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      content.id,
      content.companyId,
      content.taskId,
      content.scoredById,
      content.scoredByName,
      content.reason,
      content.previous === null ? null : JSON.stringify(content.previous),
      JSON.stringify(content.next),
      em.getPlatform().processDateProperty(content.at),
      content.chainSeq,
      prevHash,
      hash,
    ],
  );
  return { ...content, hash };
}

const contentOf = (h: ScoreHistory): HistoryContent => ({
  id: h.id,
  companyId: h.companyId,
  taskId: h.taskId,
  scoredById: h.scoredById,
  scoredByName: h.scoredByName,
  reason: h.reason,
  previous: h.previous,
  next: h.next,
  at: h.at,
  chainSeq: h.chainSeq!,
});

/** Whether a chained row still holds what was hashed, and follows the row it claims to follow. */
export function rowIsIntact(row: ScoreHistory, before: ScoreHistory | null | undefined): boolean {
  const link = (h: ScoreHistory) => ({ seq: h.chainSeq, prevHash: h.prevHash, hash: h.hash });
  return linkIntact(link(row), { ...contentOf(row), at: row.at.toISOString() }, before ? link(before) : null);
}

export interface ChainReport {
  intact: boolean;
  /** Chained rows checked. */
  checked: number;
  /** Rows written before the chain existed: not covered. */
  unchained: number;
  /** The first row whose content or link does not match, if any. */
  firstBroken: { id: string; taskId: string; chainSeq: number | null } | null;
}

const PAGE = 500;

/** Walks a company's whole chain in pages, recomputing every hash and link; also catches a missing row (a gap). */
export async function verifyChain(em: EntityManager, companyId: string): Promise<ChainReport> {
  let before: ScoreHistory | null = null;
  let checked = 0;
  for (;;) {
    const page: ScoreHistory[] = await em.find(
      ScoreHistory,
      { companyId, chainSeq: { $gt: before?.chainSeq ?? 0 } },
      { orderBy: { chainSeq: 'asc' }, limit: PAGE },
    );
    for (const row of page) {
      const expectedSeq: number = (before?.chainSeq ?? 0) + 1;
      if (row.chainSeq !== expectedSeq || !rowIsIntact(row, before)) {
        const unchained = await em.count(ScoreHistory, { companyId, chainSeq: null });
        return { intact: false, checked, unchained, firstBroken: { id: row.id, taskId: row.taskId, chainSeq: row.chainSeq } };
      }
      before = row;
      checked++;
    }
    if (page.length < PAGE) break;
  }
  const unchained = await em.count(ScoreHistory, { companyId, chainSeq: null });
  return { intact: true, checked, unchained, firstBroken: null };
}

/** For one task's history: each row checked against the row before it in the company chain (one extra query). */
export async function intactRows(em: EntityManager, companyId: string, rows: ScoreHistory[]): Promise<Map<string, boolean>> {
  const wanted = rows.map((r) => r.chainSeq).filter((s): s is number => s !== null && s > 1).map((s) => s - 1);
  const before = wanted.length ? await em.find(ScoreHistory, { companyId, chainSeq: { $in: wanted } }) : [];
  const bySeq = new Map(before.map((b) => [b.chainSeq, b]));
  return new Map(rows.map((r) => [r.id, rowIsIntact(r, r.chainSeq ? bySeq.get(r.chainSeq - 1) : null)]));
}
