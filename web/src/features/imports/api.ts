import type { ImportFileInput, ImportJob, ImportKind, ImportPreview, ImportRequest } from '@kpi/contracts';
import { api, ApiError, getToken, queryString, seg, toApiError } from '../../lib/api';
import { filenameFrom } from '../stats/api';

export interface CsvDownload {
  filename: string;
  blob: Blob;
}

/** A CSV the server writes, fetched with the session's token (not JSON, so not through `api`). */
async function csv(path: string, fallback: string): Promise<CsvDownload> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new ApiError(0, 'Network error', { fromServer: false });
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return { filename: filenameFrom(response.headers.get('Content-Disposition'), fallback), blob: await response.blob() };
}

export const importsApi = {
  dryRun: (body: ImportRequest) => api.post<ImportPreview>('/imports/dry-run', body),
  start: (body: ImportRequest) => api.post<ImportJob>('/imports', body),
  get: (id: string) => api.get<ImportJob>(`/imports/${seg(id)}`),
  recent: (kind: ImportKind) => api.get<ImportJob[]>(`/imports${queryString({ limit: 5, kind })}`),
  resume: (id: string) => api.post<ImportJob>(`/imports/${seg(id)}/resume`),
  template: (query: ImportFileInput) => csv(`/imports/template${queryString({ kind: query.kind, company: query.company })}`, `${query.kind}-import-template.csv`),
  exportPeople: (query: ImportFileInput) => csv(`/imports/export${queryString({ kind: query.kind, company: query.company })}`, `${query.kind}.csv`),
  result: (id: string) => csv(`/imports/${seg(id)}/result`, 'import-result.csv'),
};

/** A file's bytes as base64, as the import routes take them (the server checks the encoding itself). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Hands a downloaded file to the browser. */
export function saveDownload({ blob, filename }: CsvDownload): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
