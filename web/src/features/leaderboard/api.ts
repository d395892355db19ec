import type { GenerateLeaderboardRequest, Leaderboard, PublishedLeaderboard, Top10Response } from '@kpi/contracts';
import { api, seg } from '../../lib/api';
import type { LeaderboardQuery } from './rules';

const periodPath = (query: LeaderboardQuery): string =>
  query.type === 'monthly' ? `/monthly/${seg(query.year)}/${seg(query.month)}` : `/yearly/${seg(query.year)}`;
const boardPath = (query: LeaderboardQuery): string => `/leaderboard${periodPath(query)}`;

export interface Top10Query {
  userId?: string;
  year: number;
  /** Absent: the yearly leaderboard. */
  month?: number;
}

export const leaderboardApi = {
  /**
   * One page of the caller's company board for the period (the server takes the company from the token), with
   * the next page's cursor (docs/paging.md).
   */
  board: (query: LeaderboardQuery, page: { limit: number; cursor?: string }) => {
    const params = new URLSearchParams({ limit: String(page.limit) });
    if (page.cursor) params.set('cursor', page.cursor);
    return api.page<Leaderboard>(`${boardPath(query)}?${params}`);
  },
  /**
   * The same board as a CSV file. Through the api client, so the bearer token goes with it and a 401 ends the
   * session; the body is not JSON, so the client hands it back as text.
   */
  csv: (query: LeaderboardQuery) => api.get<string>(`${boardPath(query)}?format=csv`),
  top10: (companyId: string, query: Top10Query) => {
    const params = new URLSearchParams({ year: String(query.year) });
    if (query.month !== undefined) params.set('month', String(query.month));
    if (query.userId) params.set('userId', query.userId);
    return api.get<Top10Response>(`/leaderboard/top10/${seg(companyId)}?${params}`);
  },
  generate: (body: GenerateLeaderboardRequest) => api.post<Leaderboard>('/leaderboard/generate', body),
  /** The snapshot saved when the period was last published (404 if never), and the same as CSV. */
  published: (query: LeaderboardQuery) => api.get<PublishedLeaderboard>(`/leaderboard/published${periodPath(query)}`),
  publishedCsv: (query: LeaderboardQuery) => api.get<string>(`/leaderboard/published${periodPath(query)}?format=csv`),
};
