import { OverallStatsView } from '../../features/stats/OverallStatsView';

export function SystemStatsPage() {
  return <OverallStatsView />;
}
