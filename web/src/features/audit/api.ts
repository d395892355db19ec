import type { AuditEntry, AuditVerifyReport } from '@kpi/contracts';
import { ApiError, api, getToken, queryString, toApiError } from '../../lib/api';
import { filenameFrom, type CsvFile } from '../stats/api';
import { filterQuery, type AuditFilters } from './rules';

/** The audit trail (docs/audit.md): an admin's company's entries; the superadmin's every company's. */
export const auditApi = {
  list: (filters: AuditFilters, cursor?: string) => api.page<AuditEntry[]>(`/audit${queryString({ ...filterQuery(filters), cursor })}`),
  verify: (company?: string) => api.get<AuditVerifyReport>(`/audit/verify${queryString({ company })}`),
  /** The filtered entries as CSV: the same bearer token and error shape as `api`, read as a Blob. */
  async export(filters: AuditFilters): Promise<CsvFile> {
    const token = getToken();
    let response: Response;
    try {
      response = await fetch(`/api/audit/export${queryString(filterQuery(filters))}`, {
        headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      throw new ApiError(0, 'Network error', { fromServer: false });
    }
    if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
    return { filename: filenameFrom(response.headers.get('Content-Disposition'), 'audit.csv'), blob: await response.blob() };
  },
};
