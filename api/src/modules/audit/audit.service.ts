import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { AUDIT_EXPORT_MAX, AUDIT_KIND_LABELS, type AuditEntry, type AuditExportInput, type AuditListInput, type AuditVerifyReport } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { CsvDocument, csvFile, type CsvValue } from '../../common/csv/csv-file';
import { notFound } from '../../common/errors/app-error';
import type { Page } from '../../common/paging/page';
import { Scope } from '../../common/tenancy/scope';
import { Company } from '../companies/company.entity';
import { AuditRepository } from './audit.repository';

const value = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
const changeText = (e: AuditEntry): string =>
  e.changes.map((c) => (c.redacted ? `${c.field}: changed` : `${c.field}: ${value(c.before) || '∅'} → ${value(c.after) || '∅'}`)).join('; ');

/**
 * The audit trail's reads (docs/audit.md): the list, its CSV and the chain check. An admin reads their own
 * company's entries only; the superadmin every company's (`?company=` narrows).
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AuditRepository,
  ) {}

  async list(actor: Actor, query: AuditListInput): Promise<Page<AuditEntry[]>> {
    const scope = await this.scopeOf(actor, query.company);
    return this.repository.page(scope, query, query.limit, query.cursor);
  }

  async export(actor: Actor, query: AuditExportInput): Promise<CsvDocument> {
    const scope = await this.scopeOf(actor, query.company);
    const entries = await this.repository.all(scope, query, AUDIT_EXPORT_MAX);
    const rows: CsvValue[][] = entries.map((e) => [
      e.at,
      e.company ?? '',
      e.seq,
      e.kind,
      AUDIT_KIND_LABELS[e.kind],
      e.actor.name,
      e.actor.role,
      e.actor._id,
      e.subject.type,
      e.subject.id,
      e.subject.label,
      changeText(e),
      e.requestId,
    ]);
    const header = ['At', 'Company', 'Seq', 'Kind', 'What', 'Who', 'Role', 'Who (id)', 'Subject type', 'Subject id', 'Subject', 'Changes', 'Request id'];
    const file = csvFile(`Audit trail, exported ${new Date().toISOString()}`, [[header, ...rows]]);
    return new CsvDocument(`audit-${new Date().toISOString().slice(0, 10)}.csv`, file);
  }

  /** Recomputes the company's chain (an admin's own; the superadmin's named one, or every chain). */
  async verify(actor: Actor, requested?: string): Promise<AuditVerifyReport> {
    const scope = await this.scopeOf(actor, requested);
    let checked = 0;
    let pruned = 0;
    for (const chain of await this.repository.chains(scope)) {
      const walk = await this.repository.walk(chain);
      checked += walk.checked;
      pruned += walk.pruned;
      if (walk.firstBroken) {
        const company = chain === 'system' ? null : chain;
        return { companyId: scope.isAllCompanies ? null : scope.own(), intact: false, checked, pruned, firstBroken: { ...walk.firstBroken, company } };
      }
    }
    return { companyId: scope.isAllCompanies ? null : scope.own(), intact: true, checked, pruned, firstBroken: null };
  }

  /** The actor's scope narrowed to `?company=` (403 for an admin naming another; 404 for a company that never existed). */
  private async scopeOf(actor: Actor, requested?: string): Promise<Scope> {
    const scope = Scope.of(actor).narrowTo(requested);
    if (actor.role === 'superadmin' && requested) {
      // A deleted company's trail stays readable: it exists if it has a chain.
      const known = (await this.em.fork().count(Company, { id: requested })) > 0 || (await this.repository.chains(Scope.of(actor))).includes(requested);
      if (!known) throw notFound('Company');
    }
    return scope;
  }
}
