import type { CompanyStats, OverallStats } from '@kpi/contracts';
import { ApiError, api, getToken, seg, toApiError } from '../../lib/api';

export interface CsvFile {
  filename: string;
  blob: Blob;
}

/** `attachment; filename="company-stats-2026-05-10.csv"` → the name, or the fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1]?.trim() || fallback;
}

export const statsApi = {
  company: (companyId: string) => api.get<CompanyStats>(`/kpi/company/${seg(companyId)}`),
  overall: () => api.get<OverallStats>('/kpi/overall'),
  /**
   * The company statistics as a CSV file. Not JSON, so not through `api`: the same bearer token and the
   * same error shape, read as a Blob. The caller handles a 401 (see actions).
   */
  async companyCsv(companyId: string): Promise<CsvFile> {
    const token = getToken();
    let response: Response;
    try {
      response = await fetch(`/api/kpi/company/${seg(companyId)}?format=csv`, {
        headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      throw new ApiError(0, 'Network error', { fromServer: false });
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      throw toApiError(response.status, body);
    }
    const fallback = `company-stats-${new Date().toISOString().slice(0, 10)}.csv`;
    return { filename: filenameFrom(response.headers.get('Content-Disposition'), fallback), blob: await response.blob() };
  },
};
