import type { ExecutiveStats } from '@kpi/contracts';
import { api, seg } from '../../lib/api';
import type { PerformanceQuery } from './rules';

export const performanceApi = {
  /** All-time figures, with the rank of the given month. */
  stats: (userId: string, query: PerformanceQuery) => api.get<ExecutiveStats>(`/kpi/executive/${seg(userId)}?year=${seg(query.year)}&month=${seg(query.month)}`),
};
