import { CompanyList } from '../../features/companies/CompanyList';

export function CompaniesPage() {
  return <CompanyList />;
}
