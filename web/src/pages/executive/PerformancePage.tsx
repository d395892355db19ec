import { PerformanceDashboard } from '../../features/performance/PerformanceDashboard';

export function PerformancePage() {
  return <PerformanceDashboard />;
}
