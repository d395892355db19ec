import type { Announcement, AuditChange, Role, AuditKind, AuditSubjectType, AuditValue, Audience, Company, EventPayloads, EventType, SsoSettings, Task, User, WebhookEndpoint } from '@kpi/contracts';
import type { ChangeNote, NotedEvent } from '../../events/outbox-sink';

/** An audit entry as the rules derive it from one recorded event, before it is chained. */
export interface AuditDraft {
  /** Null: the superadmin's change of nothing in a company (their own password). */
  companyId: string | null;
  kind: AuditKind;
  subject: { type: AuditSubjectType; id: string; label: string | null };
  changes: AuditChange[];
  /**
   * Who made the change, when the event says so itself: work that runs outside the request that asked for it
   * (a background import) names its actor in the payload. Otherwise the request's signed-in actor.
   */
  actor?: { userId: string; name: string; role: Role };
}

type Fields = Record<string, AuditValue | undefined>;
type Rule<T extends EventType> = (payload: EventPayloads[T], note: ChangeNote, audience: Audience) => AuditDraft | null;

/** Never recorded, whatever a view or a note carries: a field named like one of these is dropped. */
const SECRET_FIELD = /password|secret|token|hash|sealed/i;

/** The fields of each subject an entry compares, flattened to plain values (no ids, counts or timestamps). */
const taskFields = (t: Task): Fields => ({
  title: t.title,
  description: t.description,
  assignee: t.assignedTo?.name ?? null,
  deadline: t.deadline,
  priority: t.priority,
  reportLink: t.reportLink,
  status: t.workStatus,
});
const userFields = (u: User): Fields => ({
  name: u.name,
  email: u.email,
  role: u.role,
  department: u.department,
  phoneNumber: u.phoneNumber,
  company: u.companyName ?? u.company?.name ?? null,
  isActive: u.isActive,
  signIn: u.signIn,
});
const companyFields = (c: Company): Fields => ({ name: c.name, industry: c.industry, description: c.description, timeZone: c.timeZone });
const announcementFields = (a: Announcement): Fields => ({ title: a.title, content: a.content, priority: a.priority, isPinned: a.isPinned, expiresAt: a.expiresAt });
const webhookFields = (w: WebhookEndpoint): Fields => ({
  url: w.url,
  kind: w.kind,
  description: w.description,
  eventTypes: w.eventTypes,
  active: w.active,
  pausedReason: w.pausedReason,
  deliveredSeq: w.deliveredSeq,
});
const signInFields = (s: SsoSettings): Fields => ({
  issuer: s.issuer,
  clientId: s.clientId,
  domains: s.domains,
  groupRoles: s.groupRoles,
  groupsClaim: s.groupsClaim,
  createOnFirstSignIn: s.createOnFirstSignIn,
  ssoRequired: s.ssoRequired,
});
type Figures = { qualityScore: number; timeScore: number; initiativeScore: number; totalScore: number; feedback: string };
const scoreFields = (f: Figures | null | undefined): Fields | null =>
  f ? { qualityScore: f.qualityScore, timeScore: f.timeScore, initiativeScore: f.initiativeScore, totalScore: f.totalScore, feedback: f.feedback } : null;

const same = (a: AuditValue | undefined, b: AuditValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * before → after, field by field. A creation (`before` null) lists what was set, a deletion (`after` null) what
 * was there, an update the fields that differ; an update whose `before` the service did not give lists nothing.
 * Secrets the note names appear as changed without a value; any field named like a secret is dropped.
 */
export function changesOf(before: Fields | null | undefined, after: Fields | null, secrets: string[] = []): AuditChange[] {
  const changes: AuditChange[] = [];
  if (before !== undefined) {
    const fields = Object.keys(after ?? before ?? {});
    for (const field of fields) {
      const b = before?.[field] ?? null;
      const a = after?.[field] ?? null;
      if (before && after ? !same(b, a) : !same(b ?? a, null)) changes.push({ field, before: b, after: a });
    }
  }
  const visible = changes.filter((c) => !SECRET_FIELD.test(c.field));
  for (const field of secrets) visible.push({ field, before: null, after: null, redacted: true });
  return visible;
}

const companyOf = (audience: Audience): string | null => (audience.kind === 'superadmin' ? null : audience.companyId);
const beforeOf = <V>(note: ChangeNote, project: (v: V) => Fields): Fields | null | undefined =>
  note.before === undefined ? undefined : note.before === null ? null : project(note.before as V);

const userRule =
  (what: 'created' | 'updated'): Rule<'user.created' | 'user.updated' | 'admin.created' | 'admin.updated'> =>
  ({ user }, note) => ({
    companyId: user.company?._id ?? null,
    kind: `user.${what}`,
    subject: { type: 'user', id: user._id, label: user.name },
    changes: changesOf(what === 'created' ? null : beforeOf(note, userFields), userFields(user), note.secrets),
  });
const userDeleted: Rule<'user.deleted' | 'admin.deleted'> = ({ userId }, note, audience) => {
  const before = note.before as User | undefined;
  return {
    companyId: before?.company?._id ?? companyOf(audience),
    kind: 'user.deleted',
    subject: { type: 'user', id: userId, label: before?.name ?? null },
    changes: changesOf(before ? userFields(before) : undefined, null),
  };
};
const companyRule =
  (what: 'created' | 'updated'): Rule<'company.created' | 'company.updated'> =>
  ({ company }, note) => ({
    companyId: company._id,
    kind: `company.${what}`,
    subject: { type: 'company', id: company._id, label: company.name },
    changes: changesOf(what === 'created' ? null : beforeOf(note, companyFields), companyFields(company), note.secrets),
  });
const announcementRule =
  (what: 'created' | 'updated' | 'pinned'): Rule<'announcement.created' | 'announcement.updated' | 'announcement.pinned'> =>
  ({ announcement }, note) => ({
    companyId: announcement.company,
    kind: what === 'pinned' ? (announcement.isPinned ? 'announcement.pinned' : 'announcement.unpinned') : `announcement.${what}`,
    subject: { type: 'announcement', id: announcement._id, label: announcement.title },
    changes: changesOf(what === 'created' ? null : beforeOf(note, announcementFields), announcementFields(announcement)),
  });

const periodLabel = (type: string, p: { year: number; month?: number }) => (p.month ? `${type} ${p.year}-${String(p.month).padStart(2, '0')}` : `${type} ${p.year}`);

/**
 * Which recorded events are audit entries, and how: one line per event type. A type without a line is not a
 * change of its own (a notification, a count, the live top 10, a socket's revocation, which the change that
 * caused it records). Adding an event to the trail is adding its line here and its kind to contracts' AUDIT_KINDS
 * (docs/audit.md).
 */
export const AUDITED: { [T in EventType]?: Rule<T> } = {
  'company.created': companyRule('created'),
  'company.updated': companyRule('updated'),
  'company.deleted': ({ companyId }, note) => {
    const before = note.before as Company | undefined;
    return { companyId, kind: 'company.deleted', subject: { type: 'company', id: companyId, label: before?.name ?? null }, changes: changesOf(before ? companyFields(before) : undefined, null) };
  },
  'user.created': userRule('created'),
  'admin.created': userRule('created'),
  'user.updated': userRule('updated'),
  'admin.updated': userRule('updated'),
  'user.deleted': userDeleted,
  'admin.deleted': userDeleted,
  'task.assigned': ({ task }) => ({ companyId: task.company, kind: 'task.created', subject: { type: 'task', id: task._id, label: task.title }, changes: changesOf(null, taskFields(task)) }),
  'task.updated': ({ task }, note) => ({ companyId: task.company, kind: 'task.updated', subject: { type: 'task', id: task._id, label: task.title }, changes: changesOf(beforeOf(note, taskFields), taskFields(task)) }),
  'task.deleted': ({ taskId }, note, audience) => {
    const before = note.before as Task | undefined;
    return { companyId: companyOf(audience), kind: 'task.deleted', subject: { type: 'task', id: taskId, label: before?.title ?? null }, changes: changesOf(before ? taskFields(before) : undefined, null) };
  },
  // Finished in the background, outside the request that started it: the payload names who did (docs/audit.md).
  'import.applied': ({ importId, companyId, kind, counts, actor }) => ({
    companyId,
    kind: 'import.applied',
    subject: { type: 'import', id: importId, label: `Import of ${kind}` },
    changes: (['created', 'updated', 'deactivated', 'rejected'] as const).map((field) => ({ field, before: null, after: counts[field] })),
    ...(actor ? { actor } : {}),
  }),
  'task.submitted': ({ task }) => ({
    companyId: task.company,
    kind: 'task.submitted',
    subject: { type: 'task', id: task._id, label: task.title },
    changes: [{ field: 'status', before: null, after: 'submitted' }],
  }),
  'task.scored': ({ task, rescored }, note) => ({
    companyId: task.company,
    kind: rescored ? 'task.rescored' : 'task.scored',
    subject: { type: 'task', id: task._id, label: task.title },
    changes: changesOf(scoreFields(note.before as Figures | null | undefined) ?? null, scoreFields(task.scoring)),
  }),
  'badge.awarded': ({ userId, userBadge }, note, audience) => ({
    companyId: companyOf(audience),
    kind: 'badge.awarded',
    // The payload names the person by id; the awarding service passes their name along (badge-awards.service.ts).
    subject: { type: 'user', id: userId, label: note.subjectName ?? null },
    changes: [
      { field: 'badge', before: null, after: userBadge.badge.name },
      ...(userBadge.reason ? [{ field: 'reason', before: null, after: userBadge.reason }] : []),
    ],
  }),
  'announcement.created': announcementRule('created'),
  'announcement.updated': announcementRule('updated'),
  'announcement.pinned': announcementRule('pinned'),
  'announcement.deleted': ({ announcementId }, note, audience) => {
    const before = note.before as Announcement | undefined;
    return {
      companyId: companyOf(audience),
      kind: 'announcement.deleted',
      subject: { type: 'announcement', id: announcementId, label: before?.title ?? null },
      changes: changesOf(before ? announcementFields(before) : undefined, null),
    };
  },
  'leaderboard.generated': ({ type, period }, _note, audience) => ({
    companyId: companyOf(audience),
    kind: 'leaderboard.published',
    subject: { type: 'leaderboard', id: periodLabel(type, period), label: periodLabel(type, period) },
    changes: [{ field: 'period', before: null, after: periodLabel(type, period) }],
  }),
  'webhook.updated': ({ endpoint }, note) => ({
    companyId: endpoint.company,
    kind: note.before === null ? 'webhook.created' : 'webhook.updated',
    subject: { type: 'webhook', id: endpoint._id, label: endpoint.description || endpoint.url },
    changes: changesOf(beforeOf(note, webhookFields), webhookFields(endpoint), note.secrets),
  }),
  'webhook.deleted': ({ endpointId }, note, audience) => {
    const before = note.before as WebhookEndpoint | undefined;
    return {
      companyId: companyOf(audience),
      kind: 'webhook.deleted',
      subject: { type: 'webhook', id: endpointId, label: before ? before.description || before.url : null },
      changes: changesOf(before ? webhookFields(before) : undefined, null),
    };
  },
  'webhook.attempted': ({ attempt }, _note, audience) =>
    attempt.trigger === 'delivery'
      ? null
      : {
          companyId: companyOf(audience),
          kind: attempt.trigger === 'test' ? 'webhook.tested' : 'webhook.redelivered',
          subject: { type: 'webhook', id: attempt.endpoint, label: null },
          changes: [
            { field: 'event', before: null, after: attempt.eventType },
            { field: 'succeeded', before: null, after: attempt.succeeded },
          ],
        },
  'sso.updated': ({ companyId, settings }, note) => ({
    companyId,
    kind: settings ? 'sign-in.updated' : 'sign-in.removed',
    subject: { type: 'sign-in', id: companyId, label: 'Single sign-on' },
    changes: changesOf(beforeOf(note, signInFields), settings ? signInFields(settings) : null, note.secrets),
  }),
  'wall.paired': ({ display }) => ({ companyId: display.company, kind: 'wall.paired', subject: { type: 'wall', id: display._id, label: display.name }, changes: [{ field: 'name', before: null, after: display.name }] }),
  'wall.unpaired': ({ displayId }, note, audience) => {
    const before = note.before as { name?: string } | undefined;
    return { companyId: companyOf(audience), kind: 'wall.unpaired', subject: { type: 'wall', id: displayId, label: before?.name ?? null }, changes: [] };
  },
};

/**
 * The entries one unit of work's events make: one per change, however many audiences its event was told to
 * (the assignee's copy and the admins' copy of one scoring are one entry). Side effects make none.
 */
export function draftsOf(events: readonly NotedEvent[]): AuditDraft[] {
  const drafts = new Map<string, AuditDraft>();
  for (const event of events) {
    const note = event.note ?? {};
    if (note.sideEffect) continue;
    const rule = AUDITED[event.type] as Rule<EventType> | undefined;
    const draft = rule?.(event.payload as never, note, event.audience);
    if (!draft) continue;
    const extra = event.type === 'badge.awarded' ? (event.payload as EventPayloads['badge.awarded']).userBadge._id : '';
    const key = `${draft.kind}|${draft.subject.type}|${draft.subject.id}|${extra}`;
    if (!drafts.has(key)) drafts.set(key, draft);
  }
  return [...drafts.values()];
}
