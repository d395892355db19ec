import { IMPORT_FIELDS, type ImportEdit, type ImportField, type ImportJob, type ImportKind, type ImportMapping, type ImportPreview, type ImportRejection } from '@kpi/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { store, useAtomValue } from '../../lib/store';
import { Badge, Button, Card, PageHeader, SelectField } from '../../components/ui';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { onEvent, onResync } from '../../lib/socket';
import { loadCompanies } from '../companies/actions';
import { companiesStatusAtom, sortedCompaniesAtom } from '../companies/atoms';
import { fileToBase64, importsApi, saveDownload, type CsvDownload } from './api';

const LABELS: Record<ImportField, string> = { name: 'Name', email: 'Email', department: 'Department', phone: 'Phone', active: 'Active (yes/no)' };
const NOUN: Record<ImportKind, string> = { executives: 'executives', admins: 'admins' };

interface Upload {
  fileName: string;
  file: string;
}

/** Edits by line and field: the cells fixed on screen, sent with every dry run and the apply. */
type Fixes = Record<string, string>;
const fixKey = (line: number, field: ImportField) => `${line}:${field}`;
const editsOf = (fixes: Fixes): ImportEdit[] =>
  Object.entries(fixes).map(([key, value]) => {
    const [line, field] = key.split(':');
    return { line: Number(line), field: field as ImportField, value };
  });

function failed(error: unknown, fallback: string): void {
  if (!isUnauthorized(error)) toast.error(errorMessage(error, fallback));
}

async function download(get: () => Promise<CsvDownload>, fallback: string): Promise<void> {
  try {
    saveDownload(await get());
  } catch (error) {
    failed(error, fallback);
  }
}

/**
 * Import people from a CSV file (docs/imports.md): upload, check the column mapping, read the dry run, fix the
 * rejected cells in place (or upload again), apply; the progress follows the admins' socket, and the latest
 * imports stay listed so the admin can leave and come back.
 */
export function ImportFlow({ kind, backHref }: { kind: ImportKind; backHref: string }) {
  const companies = useAtomValue(sortedCompaniesAtom);
  const [company, setCompany] = useState('');
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [fixes, setFixes] = useState<Fixes>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [checking, setChecking] = useState(false);
  const [applying, setApplying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobs, setJobs] = useState<ImportJob[]>([]);
  const needsCompany = kind === 'admins';
  const companyParam = needsCompany ? company || undefined : undefined;

  useEffect(() => {
    if (needsCompany && store.get(companiesStatusAtom) !== 'ready') void loadCompanies();
  }, [needsCompany]);

  useEffect(() => {
    const refetch = () => importsApi.recent(kind).then(setJobs, (error: unknown) => failed(error, 'Failed to fetch imports'));
    void refetch();
    const merge = (job: ImportJob) => {
      if (job.kind === kind) setJobs((list) => (list.some((j) => j.id === job.id) ? list.map((j) => (j.id === job.id ? job : j)) : [job, ...list]));
    };
    const offProgress = onEvent('import.progress', (e) => merge(e.payload.import));
    const offApplied = onEvent('import.applied', (e) => {
      void importsApi.get(e.payload.importId).then(merge, () => undefined);
    });
    const offResync = onResync(() => void refetch());
    return () => {
      offProgress();
      offApplied();
      offResync();
    };
  }, [kind]);

  const check = useCallback(
    async (next: { upload: Upload; mapping: ImportMapping | null; fixes: Fixes }) => {
      if (needsCompany && !company) {
        setProblem('Choose the company whose admins the file lists');
        return;
      }
      setChecking(true);
      setProblem(null);
      try {
        const result = await importsApi.dryRun({ kind, company: companyParam, ...next.upload, mapping: next.mapping ?? undefined, edits: editsOf(next.fixes) });
        setPreview(result);
        setMapping(result.mapping);
      } catch (error) {
        setPreview(null);
        if (!isUnauthorized(error)) setProblem(errorMessage(error, 'The file could not be checked'));
      } finally {
        setChecking(false);
      }
    },
    [kind, company, companyParam, needsCompany],
  );

  async function choose(file: File | undefined) {
    if (!file) return;
    const next = { fileName: file.name, file: await fileToBase64(file) };
    setUpload(next);
    setFixes({});
    setMapping(null);
    await check({ upload: next, mapping: null, fixes: {} });
  }

  function remap(field: ImportField, value: string) {
    if (!upload || !mapping) return;
    const next = { ...mapping, [field]: value === '' ? null : Number(value) };
    setMapping(next);
    void check({ upload, mapping: next, fixes });
  }

  async function apply() {
    if (!upload || !preview) return;
    setApplying(true);
    try {
      const job = await importsApi.start({ kind, company: companyParam, ...upload, mapping: mapping ?? undefined, edits: editsOf(fixes) });
      setJobs((list) => [job, ...list.filter((j) => j.id !== job.id)]);
      setUpload(null);
      setPreview(null);
      setFixes({});
      toast.success('Import started: it goes on if you leave this screen');
    } catch (error) {
      failed(error, 'The import could not be started');
    } finally {
      setApplying(false);
    }
  }

  const counts = preview?.counts;
  const nothingToDo = !!counts && counts.create + counts.update + counts.deactivate === 0;
  const fileQuery = useMemo(() => ({ kind, company: companyParam }), [kind, companyParam]);

  return (
    <section aria-labelledby="import-heading" className="space-y-6">
      <PageHeader
        title={<span id="import-heading">Import {NOUN[kind]} from CSV</span>}
        subtitle="Upload a spreadsheet saved as CSV (UTF-8, comma or semicolon). Nothing is written until you apply."
        actions={
          <>
            <Button variant="secondary" onClick={() => void download(() => importsApi.template(fileQuery), 'Failed to download the template')} disabled={needsCompany && !company}>
              Download template
            </Button>
            <Button variant="secondary" onClick={() => void download(() => importsApi.exportPeople(fileQuery), 'Failed to export')} disabled={needsCompany && !company}>
              Export current {NOUN[kind]}
            </Button>
            <Link to={backHref} className="inline-flex items-center rounded-lg px-4 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              Back
            </Link>
          </>
        }
      />

      <Card className="space-y-4 p-5">
        {needsCompany && (
          <SelectField label="Company" value={company} onChange={(e) => setCompany(e.target.value)} required fieldClassName="max-w-sm">
            <option value="">Choose a company…</option>
            {companies.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="space-y-1.5">
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
            CSV file
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            disabled={needsCompany && !company}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
          />
          <p className="text-xs text-slate-500">
            Columns: Name, Email, Department, Phone, and optionally Active (yes/no; &ldquo;no&rdquo; deactivates). People are matched by email; at most 20,000 rows.
          </p>
        </div>
        {upload && <p className="text-sm text-slate-600">File: {upload.fileName}</p>}
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {problem}
          </p>
        )}
      </Card>

      {preview && upload && mapping && (
        <Card className="space-y-5 p-5">
          <div>
            <h3 className="text-base font-semibold text-slate-900">Columns</h3>
            <p className="text-sm text-slate-500">Matched by their headers; change any that are wrong.</p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
              {IMPORT_FIELDS.map((field) => (
                <SelectField key={field} label={LABELS[field]} value={mapping[field] ?? ''} onChange={(e) => remap(field, e.target.value)} disabled={checking}>
                  <option value="">— not in the file —</option>
                  {preview.headers.map((header, i) => (
                    <option key={i} value={i}>
                      {header || `Column ${i + 1}`}
                    </option>
                  ))}
                </SelectField>
              ))}
            </div>
          </div>

          <div>
            <h3 className="text-base font-semibold text-slate-900">Dry run</h3>
            <p role="status" className="mt-1 text-sm text-slate-700" data-testid="dry-run-summary">
              {checking
                ? 'Checking…'
                : `${counts!.create} to create, ${counts!.update} to update, ${counts!.deactivate} to deactivate, ${counts!.rejected} rejected (${counts!.unchanged} unchanged, ${preview.rows} rows)`}
            </p>
          </div>

          {preview.rejections.length > 0 && (
            <RejectedRows
              rejections={preview.rejections}
              total={counts!.rejected}
              fixes={fixes}
              onFix={(line, field, value) => setFixes((f) => ({ ...f, [fixKey(line, field)]: value }))}
            />
          )}

          <div className="flex flex-wrap gap-2">
            {preview.rejections.length > 0 && (
              <Button variant="secondary" onClick={() => void check({ upload, mapping, fixes })} loading={checking}>
                Re-run dry run
              </Button>
            )}
            <Button onClick={() => void apply()} loading={applying} disabled={checking || nothingToDo}>
              Apply import
            </Button>
          </div>
          {counts!.rejected > 0 && <p className="text-xs text-slate-500">Rejected rows are left out; the result file lists them with their reasons.</p>}
        </Card>
      )}

      <RecentImports jobs={jobs} onResumed={(job) => setJobs((list) => list.map((j) => (j.id === job.id ? job : j)))} />
    </section>
  );
}

function RejectedRows({
  rejections,
  total,
  fixes,
  onFix,
}: {
  rejections: ImportRejection[];
  total: number;
  fixes: Fixes;
  onFix: (line: number, field: ImportField, value: string) => void;
}) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">Rejected rows{total > rejections.length ? ` (first ${rejections.length} of ${total})` : ''}</h4>
      <p className="text-xs text-slate-500">Fix a cell here and re-run the dry run, or correct the file and upload it again.</p>
      <div className="mt-2 max-h-96 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[36rem] divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2">Line</th>
              <th scope="col" className="px-3 py-2">Email</th>
              <th scope="col" className="px-3 py-2">Reason</th>
              <th scope="col" className="px-3 py-2">Fix</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rejections.map((r) => {
              const key = fixKey(r.line, r.field);
              return (
                <tr key={key} data-line={r.line}>
                  <td className="px-3 py-2 tabular-nums text-slate-700">{r.line}</td>
                  <td className="px-3 py-2 text-slate-700 [overflow-wrap:anywhere]">{r.cells.email || '—'}</td>
                  <td className="px-3 py-2 text-red-700">{r.message}</td>
                  <td className="px-3 py-2">
                    <input
                      aria-label={`${LABELS[r.field]} on line ${r.line}`}
                      className="block w-full min-w-40 rounded-md border-0 px-2 py-1 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
                      value={fixes[key] ?? r.cells[r.field]}
                      onChange={(e) => onFix(r.line, r.field, e.target.value)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const STATUS_TONE = { running: 'indigo', done: 'green', failed: 'red' } as const;

function RecentImports({ jobs, onResumed }: { jobs: ImportJob[]; onResumed: (job: ImportJob) => void }) {
  const [resuming, setResuming] = useState<string | null>(null);
  if (!jobs.length) return null;
  async function resume(job: ImportJob) {
    setResuming(job.id);
    try {
      onResumed(await importsApi.resume(job.id));
    } catch (error) {
      failed(error, 'The import could not be resumed');
    } finally {
      setResuming(null);
    }
  }
  return (
    <Card className="p-5">
      <h3 className="text-base font-semibold text-slate-900">Recent imports</h3>
      <ul className="mt-3 divide-y divide-slate-100">
        {jobs.map((job) => {
          const percent = job.rows ? Math.round((job.processed / job.rows) * 100) : 100;
          return (
            <li key={job.id} className="space-y-2 py-3" data-import-id={job.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
                    {job.fileName} <span className="font-normal text-slate-500">· {job.companyName} · {new Date(job.createdAt).toLocaleString()}</span>
                  </p>
                  <p className="text-xs text-slate-600" data-testid="import-counts">
                    {job.created} created, {job.updated} updated, {job.deactivated} deactivated, {job.unchanged} unchanged, {job.rejected} rejected
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={STATUS_TONE[job.status]}>{job.status === 'running' ? `Running ${percent}%` : job.status === 'done' ? 'Done' : 'Failed'}</Badge>
                  {job.status !== 'done' && (
                    <Button size="sm" variant="secondary" loading={resuming === job.id} onClick={() => void resume(job)}>
                      Resume
                    </Button>
                  )}
                  <Button size="sm" variant="secondary" onClick={() => void download(() => importsApi.result(job.id), 'Failed to download the result')}>
                    Result CSV
                  </Button>
                </div>
              </div>
              <div
                role="progressbar"
                aria-label={`Import of ${job.fileName}`}
                aria-valuemin={0}
                aria-valuemax={job.rows}
                aria-valuenow={job.processed}
                className="h-2 overflow-hidden rounded-full bg-slate-100"
              >
                <div className={job.status === 'failed' ? 'h-full bg-red-400' : 'h-full bg-indigo-500'} style={{ width: `${percent}%` }} />
              </div>
              {job.error && <p className="text-xs text-red-700">{job.error}</p>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
