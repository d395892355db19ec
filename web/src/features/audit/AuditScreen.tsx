import { AUDIT_KINDS, AUDIT_KIND_LABELS, type AuditEntry, type AuditKind } from '@kpi/contracts';
import { useEffect, useMemo } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { Badge, Button, Card, EmptyState, PageHeader, RoleBadge, SectionSpinner, SelectField, TextField } from '../../components/ui';
import { ShieldIcon } from '../../components/ui/icons';
import { formatDateTime } from '../../lib/format';
import { LoadMoreFor } from '../../components/LoadMoreFor';
import { loadCompanies } from '../companies/actions';
import { companiesStatusAtom, sortedCompaniesAtom } from '../companies/atoms';
import { exportAudit, loadAudit, loadMoreAudit, setAuditFilters, verifyAudit } from './actions';
import { auditErrorAtom, auditFiltersAtom, auditPage, auditStatusAtom, sortedAuditAtom, verifyingAtom, verifyReportAtom } from './atoms';
import { describeChange, peopleIn } from './rules';

/** The result of the last "Verify": the chain intact, or the first entry that no longer matches. */
function VerifyResult() {
  const report = useAtomValue(verifyReportAtom);
  if (!report) return null;
  return report.intact ? (
    <p role="status" className="rounded-md bg-emerald-50 px-4 py-2 text-sm text-emerald-800 ring-1 ring-emerald-600/20">
      Chain intact: {report.checked} {report.checked === 1 ? 'entry' : 'entries'} checked
      {report.pruned > 0 ? ` (the ${report.pruned} oldest removed by the retention setting)` : ''}.
    </p>
  ) : (
    <p role="alert" className="rounded-md bg-red-50 px-4 py-2 text-sm text-red-800 ring-1 ring-red-600/20">
      Chain broken at entry #{report.firstBroken?.seq}
      {report.firstBroken?.id ? ` (${report.firstBroken.id})` : ''}: it was changed or removed outside the app. {report.checked} entries before it
      are intact.
    </p>
  );
}

function EntryRow({ entry: e, companyName }: { entry: AuditEntry; companyName?: string }) {
  return (
    <li className="px-4 py-3" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={e.kind.endsWith('deleted') || e.kind.endsWith('removed') ? 'red' : e.kind.endsWith('created') ? 'green' : 'indigo'}>{AUDIT_KIND_LABELS[e.kind]}</Badge>
        <span className="font-medium text-slate-900">{e.subject.label}</span>
        <span className="text-slate-500">by</span>
        <span className="font-medium text-slate-800">{e.actor.name}</span>
        <RoleBadge role={e.actor.role} />
        {companyName !== undefined && <span className="text-slate-500">· {companyName}</span>}
        <time className="ml-auto text-xs text-slate-500" dateTime={e.at}>
          {formatDateTime(e.at, { seconds: true })}
        </time>
      </div>
      {e.changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-slate-600" aria-label="Changes">
          {e.changes.map((c) => (
            <li key={c.field} className="break-words">
              {describeChange(c)}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-xs text-slate-500">
        #{e.seq}
        {e.requestId ? ` · request ${e.requestId}` : ''}
      </p>
    </li>
  );
}

/**
 * The audit trail (docs/audit.md): who changed what and when, newest first, live; filters by person, kind and
 * date range; a CSV of what the filters select; "Verify" recomputes the hash chain. The superadmin sees every
 * company and may pick one.
 */
export function AuditScreen({ allCompanies = false }: { allCompanies?: boolean }) {
  const entries = useAtomValue(sortedAuditAtom);
  const status = useAtomValue(auditStatusAtom);
  const error = useAtomValue(auditErrorAtom);
  const filters = useAtomValue(auditFiltersAtom);
  const verifying = useAtomValue(verifyingAtom);
  const companies = useAtomValue(sortedCompaniesAtom);
  const companyNames = useMemo(() => new Map(companies.map((c) => [c._id, c.name])), [companies]);
  const people = useMemo(() => peopleIn(entries), [entries]);

  useEffect(() => {
    void loadAudit();
    if (allCompanies && store.get(companiesStatusAtom) !== 'ready') void loadCompanies();
  }, [allCompanies]);

  const set = (change: Partial<typeof filters>) => setAuditFilters({ ...filters, ...change });

  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <PageHeader
        title={<span id="audit-heading">Audit</span>}
        subtitle={allCompanies ? 'Every change made by admins and the superadmin, in every company.' : 'Every change made in your company: who, what and when.'}
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" loading={verifying} icon={<ShieldIcon className="h-4 w-4" />} onClick={() => void verifyAudit()}>
              Verify
            </Button>
            <Button variant="secondary" onClick={() => void exportAudit()}>
              Export CSV
            </Button>
          </div>
        }
      />
      <VerifyResult />
      <Card className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5">
        {allCompanies && (
          <SelectField label="Company" value={filters.company} onChange={(e) => set({ company: e.target.value })}>
            <option value="">All companies</option>
            {companies.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Person" value={filters.person} onChange={(e) => set({ person: e.target.value })}>
          <option value="">Anyone</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={filters.kind} onChange={(e) => set({ kind: e.target.value as AuditKind | '' })}>
          <option value="">Any change</option>
          {AUDIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {AUDIT_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        <TextField label="To" type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
      </Card>
      {status === 'loading' || status === 'idle' ? (
        <SectionSpinner />
      ) : status === 'error' && entries.length === 0 ? (
        <EmptyState
          icon={<ShieldIcon />}
          title={<span className="font-semibold text-slate-900">{error ?? 'Failed to fetch the audit trail'}</span>}
          action={
            <Button variant="secondary" onClick={() => void loadAudit()}>
              Try Again
            </Button>
          }
        />
      ) : entries.length === 0 ? (
        <EmptyState icon={<ShieldIcon />} title={<span className="font-semibold text-slate-900">No changes recorded yet</span>} description="Changes appear here as they are made." />
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-slate-100" aria-label="Audit entries">
            {entries.map((e) => (
              <EntryRow key={e._id} entry={e} companyName={allCompanies ? (e.company ? (companyNames.get(e.company) ?? 'Deleted company') : 'No company') : undefined} />
            ))}
          </ul>
        </Card>
      )}
      {status === 'ready' && <LoadMoreFor state={auditPage} onLoad={() => void loadMoreAudit()} />}
    </section>
  );
}
