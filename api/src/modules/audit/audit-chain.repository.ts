import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/knex';
import type { AuditChange, AuditEntry as AuditEntryView, Role } from '@kpi/contracts';
import { GENESIS, linkHash, linkIntact } from '../../common/chain/hash-chain';
import { toDate, type DbDate } from '../../common/rows/columns';
import { placeholders } from '../../common/rows/params';
import { execute } from '../../database/bound-sql';
import { inParallel } from '../../database/in-parallel';
import type { AuditDraft } from './audit.rules';

/** The chain of entries that belong to no company (the superadmin's own password). */
export const SYSTEM_CHAIN = 'system';
export const chainOf = (companyId: string | null): string => companyId ?? SYSTEM_CHAIN;

export interface AuditAuthor {
  actor: { userId: string; name: string; role: Role };
  requestId: string | null;
}

/** Exactly what an entry's hash covers. */
export interface EntryContent {
  id: string;
  chain: string;
  seq: number;
  companyId: string | null;
  at: string;
  kind: string;
  actor: { id: string | null; name: string; role: string };
  subject: { type: string; id: string; label: string };
  changes: AuditChange[];
  requestId: string | null;
}

/** A chained entry: its content and its link. */
export interface ChainedEntry extends EntryContent {
  prevHash: string;
  hash: string;
}

export const entryHash = (prevHash: string, content: EntryContent): string => linkHash(prevHash, content);

export const toAuditView = (e: EntryContent): AuditEntryView => ({
  _id: e.id,
  company: e.companyId,
  seq: e.seq,
  at: e.at,
  kind: e.kind as AuditEntryView['kind'],
  actor: { _id: e.actor.id, name: e.actor.name, role: e.actor.role as Role },
  subject: { type: e.subject.type as AuditEntryView['subject']['type'], id: e.subject.id, label: e.subject.label },
  changes: e.changes,
  requestId: e.requestId,
});

/**
 * Moves each chain's head past the entries about to be appended, in one statement: a new chain starts at 0 with
 * GENESIS. Answers each chain's new last sequence number and the hash its first new entry links to. On
 * PostgreSQL the upsert locks the head's row until the commit, so a chain's appends take turns; rows are taken
 * in chain order, so two units of work never wait for each other crosswise.
 */
export async function reserveChains(em: EntityManager, counts: Map<string, number>): Promise<Map<string, { last: number; hash: string }>> {
  const chains = [...counts].sort(([a], [b]) => (a < b ? -1 : 1));
  const rows = await execute<{ chain: string; seq: number | string; hash: string }>(
    em,
    `insert into audit_chains (chain, seq, hash, floor_seq, floor_hash) values ${chains.map(() => '(?, ?, ?, 0, ?)').join(', ')}
     on conflict (chain) do update set seq = audit_chains.seq + excluded.seq
     returning chain, seq, hash`,
    chains.flatMap(([chain, n]) => [chain, n, GENESIS, GENESIS]),
  );
  return new Map(rows.map((r) => [r.chain, { last: Number(r.seq), hash: r.hash }]));
}

/** The entry's actor: the one its event names, or the request's (the sink keeps only drafts that have one). */
function actorOf(d: AuditDraft, author: AuditAuthor | null): EntryContent['actor'] {
  const actor = d.actor ?? author!.actor;
  return { id: actor.userId, name: actor.name, role: actor.role };
}

/**
 * Chains the drafts after the heads `reserveChains` answered and sends their two writes: the entries, in one
 * multi-row insert, and the chains' new head hashes, in one update. Answers the entries (with the promise of
 * their writes, which nothing in the transaction reads back).
 */
export function appendEntries(
  em: EntityManager,
  drafts: AuditDraft[],
  heads: Map<string, { last: number; hash: string }>,
  author: AuditAuthor | null,
  at: Date,
): { entries: ChainedEntry[]; written: Promise<unknown> } {
  const perChain = new Map<string, AuditDraft[]>();
  for (const d of drafts) {
    const chain = chainOf(d.companyId);
    perChain.set(chain, [...(perChain.get(chain) ?? []), d]);
  }
  const entries: ChainedEntry[] = [];
  const newHeads: [string, string][] = [];
  for (const [chain, list] of perChain) {
    const head = heads.get(chain)!;
    let prevHash = head.hash;
    list.forEach((d, i) => {
      const content: EntryContent = {
        id: randomUUID(),
        chain,
        seq: head.last - list.length + 1 + i,
        companyId: d.companyId,
        at: at.toISOString(),
        kind: d.kind,
        actor: actorOf(d, author),
        subject: { type: d.subject.type, id: d.subject.id, label: (d.subject.label ?? d.subject.id).slice(0, 255) },
        changes: d.changes,
        requestId: author?.requestId ?? null,
      };
      const hash = entryHash(prevHash, content);
      entries.push({ ...content, prevHash, hash });
      prevHash = hash;
    });
    newHeads.push([chain, prevHash]);
  }
  const dbAt = em.getPlatform().processDateProperty(at);
  const written = inParallel([
    execute(
      em,
      `insert into audit_entries (id, company_id, chain, seq, at, kind, actor_id, actor_name, actor_role, subject_type, subject_id, subject_label, changes, request_id, prev_hash, hash)
       values ${entries.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      entries.flatMap((e) => [e.id, e.companyId, e.chain, e.seq, dbAt, e.kind, e.actor.id, e.actor.name, e.actor.role, e.subject.type, e.subject.id, e.subject.label, JSON.stringify(e.changes), e.requestId, e.prevHash, e.hash]),
    ),
    execute(
      em,
      newHeads.length === 1
        ? 'update audit_chains set hash = ? where chain = ?'
        : `update audit_chains set hash = case chain ${newHeads.map(() => 'when ? then ?').join(' ')} end where chain in (${placeholders(newHeads)})`,
      newHeads.length === 1 ? [newHeads[0][1], newHeads[0][0]] : [...newHeads.flat(), ...newHeads.map(([chain]) => chain)],
    ),
  ]);
  return { entries, written };
}

/** An audit_entries row as plain SQL returns it. */
export interface EntryRow {
  id: string;
  company_id: string | null;
  chain: string;
  seq: number | string;
  at: DbDate;
  kind: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: string;
  subject_type: string;
  subject_id: string;
  subject_label: string;
  changes: string | AuditChange[];
  request_id: string | null;
  prev_hash: string;
  hash: string;
}

export const ENTRY_COLUMNS =
  'id, company_id, chain, seq, at, kind, actor_id, actor_name, actor_role, subject_type, subject_id, subject_label, changes, request_id, prev_hash, hash';

export const contentOfRow = (r: EntryRow): EntryContent => ({
  id: r.id,
  chain: r.chain,
  seq: Number(r.seq),
  companyId: r.company_id,
  at: toDate(r.at).toISOString(),
  kind: r.kind,
  actor: { id: r.actor_id, name: r.actor_name, role: r.actor_role },
  subject: { type: r.subject_type, id: r.subject_id, label: r.subject_label },
  changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as AuditChange[]) : r.changes,
  requestId: r.request_id,
});

export interface ChainWalk {
  checked: number;
  pruned: number;
  firstBroken: { id: string | null; seq: number } | null;
}

const PAGE = 500;

/**
 * Walks one chain in pages from its floor, recomputing every hash and link: an edited entry, a removed one
 * (a gap in the sequence) or a removed tail (the head names more than the rows) is the first broken link.
 */
export async function walkChain(em: EntityManager, chain: string): Promise<ChainWalk> {
  const [head] = await execute<{ seq: number | string; hash: string; floor_seq: number | string; floor_hash: string }>(
    em,
    'select seq, hash, floor_seq, floor_hash from audit_chains where chain = ?',
    [chain],
  );
  if (!head) return { checked: 0, pruned: 0, firstBroken: null };
  const floor = { seq: Number(head.floor_seq), hash: head.floor_hash };
  let before: { seq: number; prevHash: string; hash: string; id: string } | null = null;
  let checked = 0;
  for (;;) {
    const after: number = before?.seq ?? floor.seq;
    // The company predicate too: the chain is the company's, and the reads of a company's rows say so (docs/tenancy.md).
    const company = chain === SYSTEM_CHAIN ? 'company_id is null' : 'company_id = ?';
    const page: EntryRow[] = await execute<EntryRow>(
      em,
      `select ${ENTRY_COLUMNS} from audit_entries where ${company} and chain = ? and seq > ? order by seq asc limit ${PAGE}`,
      chain === SYSTEM_CHAIN ? [chain, after] : [chain, chain, after],
    );
    for (const row of page) {
      const seq = Number(row.seq);
      const link = { seq, prevHash: row.prev_hash, hash: row.hash };
      // An entry missing before this one (a gap) breaks this one's link: it is the one named.
      if (seq !== (before?.seq ?? floor.seq) + 1) return { checked, pruned: floor.seq, firstBroken: { id: row.id, seq } };
      if (!linkIntact(link, contentOfRow(row), before, floor)) return { checked, pruned: floor.seq, firstBroken: { id: row.id, seq } };
      before = { ...link, id: row.id };
      checked++;
    }
    if (page.length < PAGE) break;
  }
  const lastSeq = before?.seq ?? floor.seq;
  const lastHash = before?.hash ?? floor.hash;
  if (lastSeq !== Number(head.seq) || lastHash !== head.hash) {
    // Entries after the last one found were removed (or the head was moved by hand).
    return { checked, pruned: floor.seq, firstBroken: { id: null, seq: lastSeq + 1 } };
  }
  return { checked, pruned: floor.seq, firstBroken: null };
}
