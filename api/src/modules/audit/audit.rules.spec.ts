import type { Task, User } from '@kpi/contracts';
import type { NotedEvent } from '../../events/outbox-sink';
import { AUDITED, changesOf, draftsOf } from './audit.rules';

const user = (over: Partial<User> = {}): User => ({
  _id: 'u1',
  id: 'u1',
  name: 'Eve Exec',
  email: 'eve@a.test',
  role: 'executive',
  department: 'Sales',
  phoneNumber: '+1 555 0100',
  company: { _id: 'c1', id: 'c1', name: 'Acme', timeZone: 'UTC' },
  companyName: 'Acme',
  isActive: true,
  mustChangePassword: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  signIn: 'active',
  ...over,
});
const task = (scoring: Task['scoring']): Task =>
  ({ _id: 't1', title: 'Report', company: 'c1', scoring, status: 'completed', assignedTo: { _id: 'u1', name: 'Eve', department: 'Sales' } }) as Task;
const figures = (q: number, feedback: string) => ({ qualityScore: q, timeScore: 10, initiativeScore: 7, totalScore: 9, feedback });

describe('audit rules', () => {
  it('an update lists only the fields that changed, before → after', () => {
    expect(changesOf({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: 2 })).toEqual([
      { field: 'b', before: 'x', after: 'y' },
      { field: 'c', before: null, after: 2 },
    ]);
    // Arrays and objects compare by value.
    expect(changesOf({ list: ['a', 'b'] }, { list: ['a', 'b'] })).toEqual([]);
  });

  it('a creation lists what was set, a deletion what was there; an update without its before lists nothing', () => {
    expect(changesOf(null, { a: 1, b: null })).toEqual([{ field: 'a', before: null, after: 1 }]);
    expect(changesOf({ a: 1, b: null }, null)).toEqual([{ field: 'a', before: 1, after: null }]);
    expect(changesOf(undefined, { a: 1 })).toEqual([]);
  });

  it('never carries a secret: named secrets say only that they changed, secret-looking fields are dropped', () => {
    expect(changesOf({ passwordHash: 'h1', clientSecretSealed: 's1', apiToken: 't1' }, { passwordHash: 'h2', clientSecretSealed: 's2', apiToken: 't2' }, ['password'])).toEqual([
      { field: 'password', before: null, after: null, redacted: true },
    ]);
  });

  it('a role, company or activation change of a person is their entry, in the company they are in now', () => {
    const before = user({ role: 'admin' });
    const after = user({ role: 'admin', company: { _id: 'c2', id: 'c2', name: 'Globex', timeZone: 'UTC' }, companyName: 'Globex', isActive: false });
    const draft = AUDITED['admin.updated']!({ user: after }, { before }, { kind: 'superadmin' });
    expect(draft).toEqual({
      companyId: 'c2',
      kind: 'user.updated',
      subject: { type: 'user', id: 'u1', label: 'Eve Exec' },
      changes: [
        { field: 'company', before: 'Acme', after: 'Globex' },
        { field: 'isActive', before: true, after: false },
      ],
    });
  });

  it('a re-score records the previous figures → the new ones', () => {
    const draft = AUDITED['task.scored']!({ task: task({ ...figures(9, 'Better.'), scoredAt: '', scoredBy: null }), rescored: true }, { before: figures(6, 'Fine.') }, { kind: 'admins', companyId: 'c1' });
    expect(draft!.kind).toBe('task.rescored');
    expect(draft!.changes).toEqual([
      { field: 'qualityScore', before: 6, after: 9 },
      { field: 'feedback', before: 'Fine.', after: 'Better.' },
    ]);
  });

  it('one change told to several audiences is one entry; side effects and unaudited events are none', () => {
    const payload = { task: task(null) };
    const events: NotedEvent[] = [
      { type: 'task.updated', audience: { kind: 'user', userId: 'u1', companyId: 'c1' }, payload, note: { before: task(null) } },
      { type: 'task.updated', audience: { kind: 'admins', companyId: 'c1' }, payload, note: { before: task(null) } },
      { type: 'task.deleted', audience: { kind: 'user', userId: 'u0', companyId: 'c1' }, payload: { taskId: 't1', assigneeId: 'u0' }, note: { sideEffect: true } },
      { type: 'stats.changed', audience: { kind: 'superadmin' }, payload: { companyId: 'c1' } },
      { type: 'notification.read', audience: { kind: 'user', userId: 'u1', companyId: 'c1' }, payload: { ids: 'all', unread: 0 } },
    ];
    expect(draftsOf(events).map((d) => d.kind)).toEqual(['task.updated']);
  });

  it('a delivery attempt is no change; a test or redelivery asked by someone is', () => {
    const attempt = (trigger: 'delivery' | 'test' | 'redeliver') => ({ attempt: { trigger, endpoint: 'w1', eventType: 'task.scored', succeeded: true } }) as never;
    const audience = { kind: 'admins', companyId: 'c1' } as const;
    expect(AUDITED['webhook.attempted']!(attempt('delivery'), {}, audience)).toBeNull();
    expect(AUDITED['webhook.attempted']!(attempt('test'), {}, audience)!.kind).toBe('webhook.tested');
    expect(AUDITED['webhook.attempted']!(attempt('redeliver'), {}, audience)!.kind).toBe('webhook.redelivered');
  });
});
