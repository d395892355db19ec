import type { AuditEntry } from '@kpi/contracts';
import toast from 'react-hot-toast';
import { store } from '../../lib/store';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { clearSession } from '../../session/session';
import { saveBlob } from '../stats/actions';
import { auditApi } from './api';
import { auditEntries, auditFiltersAtom, auditStatusAtom, verifyingAtom, verifyReportAtom } from './atoms';
import { matchesFilters, type AuditFilters } from './rules';

/** Fetches the first page for the current filters. `quiet`: keep what is shown, no spinner and no toast. */
export async function loadAudit({ quiet = false } = {}): Promise<void> {
  const filters = store.get(auditFiltersAtom);
  await auditEntries.load(() => auditApi.list(filters), { quiet });
}

export const loadMoreAudit = (): Promise<void> => auditEntries.loadMore((cursor) => auditApi.list(store.get(auditFiltersAtom), cursor));

/** New filters: the list starts again from its first page. */
export function setAuditFilters(filters: AuditFilters): void {
  store.set(auditFiltersAtom, filters);
  void loadAudit();
}

/** A live entry (audit.recorded) goes on top when the list is open and its filters would list it. */
export function applyAuditEntry(entry: AuditEntry): void {
  if (store.get(auditStatusAtom) === 'idle') return;
  if (matchesFilters(entry, store.get(auditFiltersAtom))) auditEntries.upsert(entry, true);
}

/** Recomputes the chain (the filtered company's, for the superadmin; every chain without one). */
export async function verifyAudit(): Promise<void> {
  store.set(verifyingAtom, true);
  try {
    store.set(verifyReportAtom, await auditApi.verify(store.get(auditFiltersAtom).company || undefined));
  } catch (error) {
    if (isUnauthorized(error)) return clearSession();
    toast.error(errorMessage(error, 'Failed to verify the audit trail'));
  } finally {
    store.set(verifyingAtom, false);
  }
}

/** Downloads the filtered entries as CSV. */
export async function exportAudit(): Promise<void> {
  try {
    const { blob, filename } = await auditApi.export(store.get(auditFiltersAtom));
    saveBlob(blob, filename);
  } catch (error) {
    if (isUnauthorized(error)) return clearSession();
    toast.error(errorMessage(error, 'Failed to export the audit trail'));
  }
}
