import { CompanyStatsView } from '../../features/stats/CompanyStatsView';

export function AdminStatsPage() {
  return <CompanyStatsView />;
}
