import type { AuditEntry, AuditVerifyReport } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../lib/store';
import { errorMessage } from '../../lib/api';
import { pagedLoadable } from '../../lib/loadable';
import { NO_FILTERS, type AuditFilters } from './rules';

const FETCH_FAILED = 'Failed to fetch the audit trail';

/** The entries the filters select, newest first, as pages and audit.recorded events leave them. */
export const auditEntries = pagedLoadable<AuditEntry>({
  failure: FETCH_FAILED,
  describe: (error) => errorMessage(error, FETCH_FAILED),
  toastId: 'audit-fetch',
});
export const auditEntriesAtom = auditEntries.value;
export const auditStatusAtom = auditEntries.status;
export const auditErrorAtom = auditEntries.error;
export const auditPage = auditEntries.page;

/** Newest first: a live entry lands on top even if it raced a page load. */
export const sortedAuditAtom = atom((get) => [...get(auditEntriesAtom)].sort((a, b) => b.at.localeCompare(a.at) || b.seq - a.seq));

export const auditFiltersAtom = atom<AuditFilters>(NO_FILTERS);

/** The last verify's answer (null before one ran), and whether one is running. */
export const verifyReportAtom = atom<AuditVerifyReport | null>(null);
export const verifyingAtom = atom(false);

onSessionReset(() => {
  store.set(auditFiltersAtom, NO_FILTERS);
  store.set(verifyReportAtom, null);
});
