import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import {
  IMPORT_FIELDS,
  IMPORT_HEADERS,
  IMPORT_LIMITS,
  type ImportCounts,
  type ImportFileInput,
  type ImportJob as ImportJobView,
  type ImportKind,
  type ImportListInput,
  type ImportMapping,
  type ImportPreview,
  type ImportRejection,
  type ImportRequestInput,
} from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { CsvDocument, csvFile, type CsvValue } from '../../common/csv/csv-file';
import { forbidden, invalid, notFound } from '../../common/errors/app-error';
import type { Page } from '../../common/paging/page';
import { bool } from '../../common/rows/columns';
import { Scope } from '../../common/tenancy/scope';
import { UnitOfWork } from '../../events/unit-of-work';
import { Company } from '../companies/company.entity';
import { ImportJob } from './import-job.entity';
import { ImportRepository } from './import.repository';
import { ImportWorker } from './import-worker';
import {
  autoMapping,
  checkRows,
  decide,
  decodeCsv,
  ImportFileError,
  isRejection,
  mapRows,
  parseCsv,
  type CheckedRow,
  type ImportTarget,
  type ParsedFile,
  type Rejection,
} from './imports.rules';

const ROLE_OF: Record<ImportKind, 'executive' | 'admin'> = { executives: 'executive', admins: 'admin' };
const EXECUTIVES_BELONG_TO_ADMINS = "Executives are managed by their company's admins; the superadmin manages companies and admins";

interface Prepared {
  target: ImportTarget;
  file: ParsedFile;
  mapping: ImportMapping;
  checked: (CheckedRow | Rejection)[];
}

/**
 * Imports of people from CSV (docs/imports.md): the dry run (reads only), starting a job (its rows stored, the
 * batches left to `ImportWorker`), reading jobs and their result file, the template and the export.
 */
@Injectable()
export class ImportsService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly repository: ImportRepository,
    private readonly worker: ImportWorker,
  ) {}

  /** What applying would do, row by row; writes nothing. */
  async dryRun(actor: Actor, input: ImportRequestInput): Promise<ImportPreview> {
    const prepared = await this.prepare(actor, input);
    const { target, file, mapping, checked } = prepared;
    const valid = checked.filter((r): r is CheckedRow => !isRejection(r));
    const existing = await this.repository.existingPeople(this.em, valid.map((r) => r.email));
    const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, deactivate: 0, rejected: 0 };
    const rejections: ImportRejection[] = [];
    for (const row of checked) {
      const decision = isRejection(row) ? { kind: 'rejected' as const, field: row.field, message: row.message } : decide(row, existing.get(row.email), target);
      if (decision.kind === 'rejected') {
        counts.rejected += 1;
        if (rejections.length < IMPORT_LIMITS.listedRejections) rejections.push({ line: row.line, field: decision.field, message: decision.message, cells: row.cells });
      } else counts[decision.kind] += 1;
    }
    return { kind: input.kind, companyId: target.companyId, headers: file.headers, delimiter: file.delimiter, mapping, rows: file.rows.length, counts, rejections };
  }

  /** Stores the rows (those that fail their cell checks already rejected) and hands the job to the worker. */
  async start(actor: Actor, input: ImportRequestInput): Promise<ImportJobView> {
    const { target, checked } = await this.prepare(actor, input);
    const rejected = checked.filter(isRejection).length;
    const jobId = await this.uow.run(async (em) => {
      const job = em.create(ImportJob, {
        company: em.getReference(Company, target.companyId),
        kind: input.kind,
        fileName: input.fileName?.trim() || 'import.csv',
        rows: checked.length,
        processed: rejected,
        rejected,
        createdById: actor.userId,
        createdByName: actor.name,
        createdByRole: actor.role,
      });
      await em.flush();
      await this.repository.insertRows(
        em,
        job.id,
        checked.map((row) => ({ line: row.line, cells: row.cells, rejection: isRejection(row) ? { field: row.field, message: row.message } : undefined })),
      );
      return job.id;
    });
    this.worker.start(jobId);
    return this.view(actor, jobId);
  }

  list(actor: Actor, query: ImportListInput): Promise<Page<ImportJobView[]>> {
    // Admins read their company's imports of executives only; the superadmin any, of one kind if asked.
    const kind = actor.role === 'admin' ? 'executives' : (query.kind ?? null);
    return this.repository.list(Scope.of(actor).narrowTo(query.company), kind, query.limit, query.cursor);
  }

  async view(actor: Actor, id: string): Promise<ImportJobView> {
    return (await this.find(actor, id)).view;
  }

  /** Continues a failed import, or one whose node stopped, from its first row without an outcome. */
  async resume(actor: Actor, id: string): Promise<ImportJobView> {
    const job = await this.find(actor, id);
    this.assertMayImport(actor, job.view.kind);
    if (job.view.status === 'done') return job.view;
    if (!(await this.worker.resume(id))) return job.view;
    return this.view(actor, id);
  }

  /** Every row with its outcome and reason, as a CSV file. */
  async resultCsv(actor: Actor, id: string): Promise<CsvDocument> {
    const { view } = await this.find(actor, id);
    const rows = await this.repository.results(id);
    const summary = `${view.created} created, ${view.updated} updated, ${view.unchanged} unchanged, ${view.deactivated} deactivated, ${view.rejected} rejected`;
    const table: CsvValue[][] = [
      ['Line', 'Email', 'Name', 'Outcome', 'Field', 'Reason'],
      ...rows.map((r) => [r.line, r.cells.email, r.cells.name, r.outcome ?? 'pending', r.field, r.reason]),
    ];
    return new CsvDocument(`import-result-${view.createdAt.slice(0, 10)}.csv`, csvFile(`Import of ${view.fileName} into ${view.companyName} (${view.kind}): ${summary}`, [table]));
  }

  /** The header row an import understands, and a first line saying how to fill it in. */
  async template(actor: Actor, query: ImportFileInput): Promise<CsvDocument> {
    await this.targetOf(actor, query.kind, query.company);
    const comment = `KPI Tracker ${query.kind} import: one person a row. Name, Email, Department and Phone are required for new people; Active (yes/no) is optional and "no" deactivates`;
    return new CsvDocument(`${query.kind}-import-template.csv`, csvFile(comment, [[IMPORT_FIELDS.map((f) => IMPORT_HEADERS[f])]]));
  }

  /** The company's people of the kind in the import's own format: export, edit, import back. */
  async exportPeople(actor: Actor, query: ImportFileInput): Promise<CsvDocument> {
    const target = await this.targetOf(actor, query.kind, query.company);
    const people = await this.repository.people(Scope.company(target.companyId), target.role);
    const table: CsvValue[][] = [
      IMPORT_FIELDS.map((f) => IMPORT_HEADERS[f]),
      ...people.map((p) => [p.name, p.email, p.department, p.phone_number, bool(p.is_active) ? 'yes' : 'no']),
    ];
    const today = new Date().toISOString().slice(0, 10);
    return new CsvDocument(`${query.kind}-${today}.csv`, csvFile(`KPI Tracker ${query.kind} exported ${today}: edit and import back`, [table]));
  }

  private async prepare(actor: Actor, input: ImportRequestInput): Promise<Prepared> {
    const target = await this.targetOf(actor, input.kind, input.company);
    const bytes = Buffer.from(input.file, 'base64');
    if (bytes.length > IMPORT_LIMITS.fileBytes) throw invalid(`File must be at most ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB`, 'file');
    let file: ParsedFile;
    try {
      file = parseCsv(decodeCsv(bytes));
    } catch (err) {
      if (err instanceof ImportFileError) throw invalid(err.message, 'file');
      throw err;
    }
    const mapping = input.mapping ?? autoMapping(file.headers);
    for (const field of IMPORT_FIELDS) {
      const column = mapping[field];
      if (column !== null && column >= file.headers.length) throw invalid(`The file has no column ${column + 1} to read ${field} from`, `mapping.${field}`);
    }
    if (mapping.email === null) throw invalid('Choose the column that holds the email addresses: people are matched by email', 'mapping.email');
    return { target, file, mapping, checked: checkRows(mapRows(file, mapping, input.edits ?? [])) };
  }

  /** Who may import whom: admins their company's executives, the superadmin a named company's admins. */
  private async targetOf(actor: Actor, kind: ImportKind, company?: string): Promise<ImportTarget> {
    this.assertMayImport(actor, kind);
    const companyId = actor.role === 'superadmin' ? company : Scope.of(actor).narrowTo(company).own();
    if (!companyId) throw invalid('Company is required', 'company');
    if (actor.role === 'superadmin' && !(await this.em.fork().findOne(Company, { id: companyId }, { fields: ['id'] }))) throw invalid('Company does not exist', 'company');
    return { companyId, role: ROLE_OF[kind], actorId: actor.userId };
  }

  private assertMayImport(actor: Actor, kind: ImportKind): void {
    if (kind === 'executives' && actor.role !== 'admin') throw forbidden(EXECUTIVES_BELONG_TO_ADMINS);
    if (kind === 'admins' && actor.role !== 'superadmin') throw forbidden('Only the superadmin imports admins');
  }

  private async find(actor: Actor, id: string) {
    const job = await this.repository.job(this.em, Scope.of(actor), id);
    if (!job || (actor.role === 'admin' && job.view.kind !== 'executives')) throw notFound('Import');
    return job;
  }
}
