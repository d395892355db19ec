import type { Company as CompanyView } from '@kpi/contracts';
import type { Company } from './company.entity';

export interface MemberCounts {
  admins: number;
  executives: number;
}

export function toCompanyView(company: Company, counts: MemberCounts): CompanyView {
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
