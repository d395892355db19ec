import type { AuditChange, AuditEntry, AuditKind } from '@kpi/contracts';

/** The Audit screen's filters, as the form holds them ('' for none). Dates are yyyy-mm-dd, read as UTC days. */
export interface AuditFilters {
  company: string;
  person: string;
  kind: AuditKind | '';
  from: string;
  to: string;
}
export const NO_FILTERS: AuditFilters = { company: '', person: '', kind: '', from: '', to: '' };

/** The query string values of the filters: a `to` day includes the whole day. */
export function filterQuery(f: AuditFilters): Record<string, string | undefined> {
  return {
    company: f.company || undefined,
    person: f.person || undefined,
    kind: f.kind || undefined,
    from: f.from ? `${f.from}T00:00:00.000Z` : undefined,
    to: f.to ? `${f.to}T23:59:59.999Z` : undefined,
  };
}

/** Whether a live entry belongs in the list the filters show (the server applies the same filters to pages). */
export function matchesFilters(e: AuditEntry, f: AuditFilters): boolean {
  const q = filterQuery(f);
  if (q.company && e.company !== q.company) return false;
  if (q.person && e.actor._id !== q.person && !(e.subject.type === 'user' && e.subject.id === q.person)) return false;
  if (q.kind && e.kind !== q.kind) return false;
  if (q.from && e.at < q.from) return false;
  if (q.to && e.at > q.to) return false;
  return true;
}

const text = (v: AuditChange['before']): string => (v === null ? '—' : typeof v === 'string' ? v || '""' : JSON.stringify(v));

/** How the screen names a recorded field (the CSV keeps the api's names). */
const FIELD_LABELS: Record<string, string> = {
  phoneNumber: 'phone',
  isActive: 'active',
  signIn: 'sign-in',
  reportLink: 'report link',
  qualityScore: 'quality',
  timeScore: 'time',
  initiativeScore: 'initiative',
  totalScore: 'total',
  isPinned: 'pinned',
  expiresAt: 'expires',
  eventTypes: 'events',
  pausedReason: 'paused because',
  deliveredSeq: 'delivered up to',
  clientId: 'client ID',
  clientSecret: 'client secret',
  groupRoles: 'group roles',
  groupsClaim: 'groups claim',
  createOnFirstSignIn: 'create on first sign-in',
  ssoRequired: 'SSO required',
  timeZone: 'time zone',
};
const label = (field: string): string => FIELD_LABELS[field] ?? field;

/** One change as the screen writes it: `field: before → after`; a secret only says it changed. */
export function describeChange(c: AuditChange): string {
  const name = label(c.field);
  if (c.redacted) return `${name}: changed (not recorded)`;
  if (c.before === null) return `${name}: ${text(c.after)}`;
  if (c.after === null) return `${name}: ${text(c.before)} (removed)`;
  return `${name}: ${text(c.before)} → ${text(c.after)}`;
}

/** The people a person filter may offer: everyone the loaded entries name (who did it, or whom it was about). */
export function peopleIn(entries: readonly AuditEntry[]): { id: string; name: string }[] {
  const people = new Map<string, string>();
  for (const e of entries) {
    if (e.actor._id) people.set(e.actor._id, e.actor.name);
    if (e.subject.type === 'user' && !people.has(e.subject.id)) people.set(e.subject.id, e.subject.label);
  }
  return [...people].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
