import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { ImportJob as ImportJobView, ImportOutcome, ImportField, Role } from '@kpi/contracts';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { afterSql, orderSql, type SqlSortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { bool, isoDate, isoDateOrNull, toDate, type DbDate } from '../../common/rows/columns';
import { dbDate } from '../../common/rows/params';
import { Scope } from '../../common/tenancy/scope';
import { execute } from '../../database/bound-sql';
import { onPostgreSql } from '../../database/dialect';
import { readRows } from '../../database/read-rows';
import type { ExistingPerson, RowCells } from './imports.rules';

interface JobRow {
  id: string;
  kind: ImportJobView['kind'];
  company_id: string;
  company_name: string;
  file_name: string;
  status: ImportJobView['status'];
  rows: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  rejected: number;
  error: string | null;
  created_by_id: string;
  created_by_name: string;
  created_by_role: Role;
  created_at: DbDate;
  finished_at: DbDate | null;
}

export interface JobRecord {
  view: ImportJobView;
  createdByRole: Role;
}

export interface PendingRow {
  position: number;
  line: number;
  cells: RowCells;
}

export interface RowOutcome {
  position: number;
  outcome: ImportOutcome;
  field: ImportField | null;
  reason: string | null;
}

const JOB_SELECT =
  'select i.id, i.kind, i.company_id, c.name as company_name, i.file_name, i.status, i.rows, i.processed, i.created, i.updated, i.unchanged, i.deactivated, i.rejected, i.error, i.created_by_id, i.created_by_name, i.created_by_role, i.created_at, i.finished_at from imports i join companies c on c.id = i.company_id';

const JOB_ORDER: SqlSortKey[] = [
  { column: 'i.created_at', dir: 'desc' },
  { column: 'i.id', dir: 'asc' },
];

/** Rows per multi-row insert (SQLite binds at most 32,766 parameters; 4 a row). */
const INSERT_CHUNK = 500;

const toJobView = (row: JobRow): ImportJobView => ({
  id: row.id,
  kind: row.kind,
  companyId: row.company_id,
  companyName: row.company_name,
  fileName: row.file_name,
  status: row.status,
  rows: Number(row.rows),
  processed: Number(row.processed),
  created: Number(row.created),
  updated: Number(row.updated),
  unchanged: Number(row.unchanged),
  deactivated: Number(row.deactivated),
  rejected: Number(row.rejected),
  error: row.error,
  createdBy: { id: row.created_by_id, name: row.created_by_name },
  createdAt: isoDate(row.created_at),
  finishedAt: isoDateOrNull(row.finished_at),
});

/**
 * Every statement on the import tables, and the import's one set-wise read of the people a file names. The
 * company predicate comes from the Scope; rows become answers here only.
 */
@Injectable()
export class ImportRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cursors: CursorCodec,
  ) {}

  /**
   * Everyone the emails name, in any company, in one statement (the file's emails travel as one JSON array, not
   * one parameter each): `em` in a transaction reads its own writes, otherwise the committed state is read.
   */
  existingPeople(em: EntityManager, emails: string[]): Promise<Map<string, ExistingPerson>> {
    const list = onPostgreSql(em) ? 'select jsonb_array_elements_text(cast(? as jsonb))' : 'select value from json_each(?)';
    const sql = `select u.id, u.email, u.role, u.company_id, u.name, u.department, u.phone_number, u.is_active from users u where u.email in (${list})`;
    type Row = { id: string; email: string; role: Role; company_id: string | null; name: string; department: string; phone_number: string; is_active: boolean | number };
    return Scope.acrossCompanies('an email names one user across all companies: the import must know who it already names', async () => {
      const params = [JSON.stringify(emails)];
      const rows = em.isInTransaction() ? await execute<Row>(em, sql, params) : await readRows<Row>(em, sql, params);
      return new Map(
        rows.map((r) => [
          r.email,
          { id: r.id, email: r.email, role: r.role, companyId: r.company_id, name: r.name, department: r.department, phone: r.phone_number, isActive: bool(r.is_active) },
        ]),
      );
    });
  }

  /** Writes a new job's rows (each with its outcome when it was rejected before any batch). */
  async insertRows(em: EntityManager, jobId: string, rows: { line: number; cells: RowCells; rejection?: { field: ImportField; message: string } }[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const chunk = rows.slice(start, start + INSERT_CHUNK);
      await execute(
        em,
        `insert into import_rows (job_id, position, line, cells, outcome, field, reason) values ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((r, i) => [
          jobId,
          start + i,
          r.line,
          JSON.stringify(r.cells),
          r.rejection ? 'rejected' : null,
          r.rejection?.field ?? null,
          r.rejection?.message ?? null,
        ]),
      );
    }
  }

  /** The next rows without an outcome, in file order. */
  async pendingRows(em: EntityManager, jobId: string, limit: number): Promise<PendingRow[]> {
    const rows = await execute<{ position: number; line: number; cells: string }>(
      em,
      'select position, line, cells from import_rows where job_id = ? and outcome is null order by position limit ?',
      [jobId, limit],
    );
    return rows.map((r) => ({ position: Number(r.position), line: Number(r.line), cells: JSON.parse(r.cells) as RowCells }));
  }

  /** The outcomes of one batch, in the batch's transaction: one statement. */
  async saveOutcomes(em: EntityManager, jobId: string, outcomes: RowOutcome[]): Promise<void> {
    if (!outcomes.length) return;
    const cases = () => `case position ${outcomes.map(() => 'when ? then ?').join(' ')} end`;
    const pairs = (column: keyof RowOutcome) => outcomes.flatMap((o) => [o.position, o[column]]);
    await execute(
      em,
      `update import_rows set outcome = ${cases()}, field = ${cases()}, reason = ${cases()} where job_id = ? and position in (${outcomes.map(() => '?').join(', ')})`,
      [...pairs('outcome'), ...pairs('field'), ...pairs('reason'), jobId, ...outcomes.map((o) => o.position)],
    );
  }

  /** Moves the job's counters by one batch and renews its lease, in the batch's transaction. */
  async advance(em: EntityManager, jobId: string, counts: Record<'processed' | 'created' | 'updated' | 'unchanged' | 'deactivated' | 'rejected', number>, leasedUntil: Date): Promise<void> {
    await execute(
      em,
      'update imports set processed = processed + ?, created = created + ?, updated = updated + ?, unchanged = unchanged + ?, deactivated = deactivated + ?, rejected = rejected + ?, leased_until = ? where id = ?',
      [counts.processed, counts.created, counts.updated, counts.unchanged, counts.deactivated, counts.rejected, dbDate(em)(leasedUntil), jobId],
    );
  }

  /**
   * Takes the job for this node until `until` if nobody holds it: a running job whose lease lapsed (its node
   * stopped) or a failed one being resumed. Answers the job's company when taken, else null.
   */
  async claim(em: EntityManager, jobId: string, until: Date, now: Date, statuses: ('running' | 'failed')[]): Promise<string | null> {
    const at = dbDate(em);
    const rows = await execute<{ company_id: string }>(
      em,
      `update imports set status = 'running', error = null, leased_until = ? where id = ? and status in (${statuses.map(() => '?').join(', ')}) and (leased_until is null or leased_until < ?) returning company_id`,
      [at(until), jobId, ...statuses, at(now)],
    );
    return rows[0]?.company_id ?? null;
  }

  async finish(em: EntityManager, jobId: string, status: 'done' | 'failed', error: string | null): Promise<void> {
    await execute(em, 'update imports set status = ?, error = ?, finished_at = ?, leased_until = null where id = ?', [
      status,
      error,
      status === 'done' ? dbDate(em)(new Date()) : null,
      jobId,
    ]);
  }

  /** Running jobs whose node stopped holding them: start-up and the periodic sweep resume these. */
  async lapsed(now: Date): Promise<string[]> {
    const rows = await Scope.acrossCompanies('the import worker resumes every company’s interrupted imports', () =>
      execute<{ id: string }>(this.em.fork(), "select id from imports where status = 'running' and (leased_until is null or leased_until < ?) limit 20", [dbDate(this.em)(now)]),
    );
    return rows.map((r) => r.id);
  }

  /** One job in the scope's company (or of a known company, for the worker); undefined elsewhere. */
  async job(em: EntityManager, scope: Scope, id: string): Promise<JobRecord | undefined> {
    const company = scope.sql('i.company_id');
    const sql = `${JOB_SELECT} where i.id = ? and ${company.sql}`;
    const params = [id, ...company.params];
    const [row] = em.isInTransaction() ? await execute<JobRow>(em, sql, params) : await readRows<JobRow>(em, sql, params);
    return row ? { view: toJobView(row), createdByRole: row.created_by_role } : undefined;
  }

  /** The scope's imports, newest first, paged (docs/paging.md). */
  async list(scope: Scope, kind: ImportJobView['kind'] | null, limit: number, cursor?: string): Promise<Page<ImportJobView[]>> {
    const conditions = [scope.sql('i.company_id')];
    if (kind) conditions.push({ sql: 'i.kind = ?', params: [kind] });
    if (cursor) {
      const [createdAt, id] = this.cursors.decode('imports', cursor, ['number', 'string'] as const);
      conditions.push(afterSql(JOB_ORDER, [dbDate(this.em)(new Date(createdAt as number)), id]));
    }
    const rows = await readRows<JobRow>(
      this.em,
      `${JOB_SELECT} where ${conditions.map((c) => c.sql).join(' and ')} order by ${orderSql(JOB_ORDER)} limit ?`,
      [...conditions.flatMap((c) => c.params), limit + 1],
    );
    const { items, more } = cut(rows, limit);
    const last = items[items.length - 1];
    return new Page(items.map(toJobView), more && last ? this.cursors.encode('imports', [toDate(last.created_at).getTime(), last.id]) : null);
  }

  /** Every row's outcome, in file order, for the result file (at most IMPORT_LIMITS.rows). */
  async results(jobId: string): Promise<{ line: number; cells: RowCells; outcome: ImportOutcome | null; field: ImportField | null; reason: string | null }[]> {
    const rows = await readRows<{ line: number; cells: string; outcome: ImportOutcome | null; field: ImportField | null; reason: string | null }>(
      this.em,
      'select line, cells, outcome, field, reason from import_rows where job_id = ? order by position',
      [jobId],
    );
    return rows.map((r) => ({ ...r, line: Number(r.line), cells: JSON.parse(r.cells) as RowCells }));
  }

  /** The company's people of one role, by name, as an import file lists them. */
  people(scope: Scope, role: 'executive' | 'admin'): Promise<{ name: string; email: string; department: string; phone_number: string; is_active: boolean | number }[]> {
    const company = scope.sql('u.company_id');
    return readRows(this.em, `select u.name, u.email, u.department, u.phone_number, u.is_active from users u where ${company.sql} and u.role = ? order by u.name, u.email`, [
      ...company.params,
      role,
    ]);
  }
}
