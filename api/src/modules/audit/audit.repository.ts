import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { AuditEntry as AuditEntryView, AuditExportInput } from '@kpi/contracts';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { afterSql, orderSql, type SqlCondition, type SqlSortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { dbDate } from '../../common/rows/params';
import { toDate } from '../../common/rows/columns';
import type { Scope } from '../../common/tenancy/scope';
import { execute } from '../../database/bound-sql';
import { contentOfRow, ENTRY_COLUMNS, toAuditView, walkChain, type ChainWalk, type EntryRow } from './audit-chain.repository';

/** Newest first; the id makes the order total. */
const ORDER: SqlSortKey[] = [
  { column: 'at', dir: 'desc' },
  { column: 'id', dir: 'desc' },
];
const CURSOR = ['number', 'string'] as const;

/**
 * Every read of the audit tables: the company predicate comes from the Scope, rows become answers through
 * audit-chain.repository.ts only. (The rows are written by the sink, audit-sink.ts.)
 */
@Injectable()
export class AuditRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cursors: CursorCodec,
  ) {}

  /** One page of a scope's entries with the filters, newest first (keyset, docs/paging.md). */
  async page(scope: Scope, filters: AuditExportInput, limit: number, cursor?: string): Promise<Page<AuditEntryView[]>> {
    const conditions = this.conditions(scope, filters);
    if (cursor) {
      const [at, id] = this.cursors.decode('audit', cursor, CURSOR);
      conditions.push(afterSql(ORDER, [dbDate(this.em)(new Date(at as number)), id]));
    }
    const rows = await this.rows(conditions, limit + 1);
    const { items, more } = cut(rows, limit);
    const last = items[items.length - 1];
    return new Page(
      items.map((r) => toAuditView(contentOfRow(r))),
      more && last ? this.cursors.encode('audit', [toDate(last.at).getTime(), last.id]) : null,
    );
  }

  /** Every matching entry, newest first, up to `max` (the export). */
  async all(scope: Scope, filters: AuditExportInput, max: number): Promise<AuditEntryView[]> {
    return (await this.rows(this.conditions(scope, filters), max)).map((r) => toAuditView(contentOfRow(r)));
  }

  /** The chains a scope may verify: its company's, or for the superadmin every chain there is. */
  async chains(scope: Scope): Promise<string[]> {
    if (!scope.isAllCompanies) return [scope.own()];
    const rows = await execute<{ chain: string }>(this.em.fork(), 'select chain from audit_chains order by chain');
    return rows.map((r) => r.chain);
  }

  walk(chain: string): Promise<ChainWalk> {
    return walkChain(this.em.fork(), chain);
  }

  private conditions(scope: Scope, f: AuditExportInput): SqlCondition[] {
    const conditions: SqlCondition[] = [scope.sql('company_id')];
    if (f.person) conditions.push({ sql: "(actor_id = ? or (subject_type = 'user' and subject_id = ?))", params: [f.person, f.person] });
    if (f.kind) conditions.push({ sql: 'kind = ?', params: [f.kind] });
    if (f.from) conditions.push({ sql: 'at >= ?', params: [dbDate(this.em)(f.from)] });
    if (f.to) conditions.push({ sql: 'at <= ?', params: [dbDate(this.em)(f.to)] });
    return conditions;
  }

  private rows(conditions: SqlCondition[], limit: number): Promise<EntryRow[]> {
    return execute<EntryRow>(
      this.em.fork(),
      `select ${ENTRY_COLUMNS} from audit_entries where ${conditions.map((c) => c.sql).join(' and ')} order by ${orderSql(ORDER)} limit ${Number(limit)}`,
      conditions.flatMap((c) => c.params),
    );
  }
}
