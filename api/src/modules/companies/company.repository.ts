import type { EntityManager } from '@mikro-orm/knex';
import type { Company as CompanyView } from '@kpi/contracts';
import { notFound } from '../../common/errors/app-error';
import { execute } from '../../database/bound-sql';
import { Company } from './company.entity';

export interface MemberCounts {
  admins: number;
  executives: number;
}

export const NO_MEMBERS: MemberCounts = { admins: 0, executives: 0 };

/** The one mapping from a company (and its member counts) to its answer. */
export function toCompany(company: Company, counts: MemberCounts): CompanyView {
  return {
    _id: company.id,
    name: company.name,
    industry: company.industry,
    description: company.description,
    timeZone: company.timeZone,
    adminCount: counts.admins,
    executiveCount: counts.executives,
    createdAt: company.createdAt.toISOString(),
  };
}

/**
 * The companies: every read, their answers, and the removal of what no foreign key takes with a company. Companies
 * are the superadmin's alone (the controller's roles guard), so there is no company predicate to add here.
 */

/**
 * Admin and executive counts per company in one grouped query. The company is the tenancy's root, under every
 * other module, so its SQL names the tables that point at it (users here, the history below) rather than their
 * modules' entities.
 */
export async function memberCounts(em: EntityManager, companyIds?: string[]): Promise<Map<string, MemberCounts>> {
  const which = companyIds ? `company_id in (${companyIds.map(() => '?').join(', ')})` : 'company_id is not null';
  const rows = await execute<{ company: string; role: string; n: number | string }>(
    em,
    `select company_id as company, role, count(*) as n from users where role in ('admin', 'executive') and ${which} group by company_id, role`,
    companyIds ?? [],
  );
  const counts = new Map<string, MemberCounts>();
  for (const r of rows) {
    const c = counts.get(r.company) ?? { admins: 0, executives: 0 };
    if (r.role === 'admin') c.admins = Number(r.n);
    else c.executives = Number(r.n);
    counts.set(r.company, c);
  }
  return counts;
}

/** Every company's answer, newest first: two queries. */
export async function allCompanies(em: EntityManager): Promise<CompanyView[]> {
  const companies = await em.find(Company, {}, { orderBy: { createdAt: 'desc', name: 'asc' } });
  const counts = await memberCounts(em);
  return companies.map((c) => toCompany(c, counts.get(c.id) ?? NO_MEMBERS));
}

/** One company's answer with its member counts. */
export async function companyAnswer(em: EntityManager, id: string): Promise<CompanyView> {
  const company = await em.findOneOrFail(Company, { id });
  const counts = await memberCounts(em, [id]);
  return toCompany(company, counts.get(id) ?? NO_MEMBERS);
}

/** The company to change (404 when there is none). */
export async function companyToChange(em: EntityManager, id: string): Promise<Company> {
  const company = await em.findOne(Company, { id });
  if (!company) throw notFound('Company');
  return company;
}

/** The members whose sessions end with their company. */
export async function membersOf(em: EntityManager, id: string): Promise<{ id: string; tokenVersion: number }[]> {
  const rows = await execute<{ id: string; token_version: number | string }>(em, 'select id, token_version from users where company_id = ?', [id]);
  return rows.map((r) => ({ id: r.id, tokenVersion: Number(r.token_version) }));
}

/**
 * Removes the company; its users, tasks, announcements, badges and wall displays go with it through cascading
 * foreign keys. History keeps plain ids (it outlives a task or a user), so no foreign key removes it: deleted here.
 * False when there was no such company.
 */
export async function removeCompany(em: EntityManager, id: string): Promise<boolean> {
  const found = await em.nativeDelete(Company, { id });
  if (!found) return false;
  await execute(em, 'delete from score_history where company_id = ?', [id]);
  await execute(em, 'delete from scoring_keys where company_id = ?', [id]);
  return true;
}
