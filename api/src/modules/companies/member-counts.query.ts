import { raw, type EntityManager } from '@mikro-orm/knex';
import { User } from '../users/user.entity';
import type { MemberCounts } from './company.view';

/** Admin and executive counts per company in one grouped query. */
export async function memberCounts(em: EntityManager, companyIds?: string[]): Promise<Map<string, MemberCounts>> {
  const qb = em
    .createQueryBuilder(User, 'u')
    .select(['u.company_id as company', 'u.role as role', raw('count(*) as n')])
    .where({ role: { $in: ['admin', 'executive'] }, ...(companyIds ? { company: { $in: companyIds } } : { company: { $ne: null } }) })
    .groupBy(['u.company_id', 'u.role']);
  const rows = await qb.execute<{ company: string; role: string; n: number | string }[]>('all', false);
  const counts = new Map<string, MemberCounts>();
  for (const r of rows) {
    const c = counts.get(r.company) ?? { admins: 0, executives: 0 };
    if (r.role === 'admin') c.admins = Number(r.n);
    else c.executives = Number(r.n);
    counts.set(r.company, c);
  }
  return counts;
}
