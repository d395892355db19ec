import type { Task } from '@kpi/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { store } from '../../lib/store';
import { applyTask, forgetTask, taskSourceFor } from './actions';
import { tasksAtom } from './atoms';

const task = (id: string, updatedAt: string, title = 'T'): Task => ({
  _id: id,
  title,
  description: 'D',
  assignedTo: null,
  deadline: '2026-06-01T00:00:00.000Z',
  priority: 'medium',
  reportLink: 'https://example.com',
  status: 'pending',
  workStatus: 'pending',
  company: 'c1',
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt,
  submission: null,
  scoring: null,
  comments: [],
});

describe('task atoms', () => {
  beforeEach(() => store.set(tasksAtom, []));

  it('adds a new task first and replaces a known one; the same event twice changes nothing', () => {
    applyTask(task('a', '2026-05-01T00:00:00.000Z'));
    applyTask(task('b', '2026-05-01T00:00:00.000Z'));
    expect(store.get(tasksAtom).map((t) => t._id)).toEqual(['b', 'a']);
    const edited = task('a', '2026-05-02T00:00:00.000Z', 'Edited');
    applyTask(edited);
    applyTask(edited);
    expect(store.get(tasksAtom).map((t) => t.title)).toEqual(['T', 'Edited']);
  });

  it('keeps the newer copy when an older one (a late REST answer or event) arrives after it', () => {
    applyTask(task('a', '2026-05-03T00:00:00.000Z', 'Newer'));
    applyTask(task('a', '2026-05-02T00:00:00.000Z', 'Older'));
    expect(store.get(tasksAtom)[0].title).toBe('Newer');
  });

  it('forgets a deleted task, and a second delete is harmless', () => {
    applyTask(task('a', '2026-05-01T00:00:00.000Z'));
    forgetTask('a');
    forgetTask('a');
    expect(store.get(tasksAtom)).toEqual([]);
  });

  it('reads admins from their company and executives from their own list', () => {
    expect(taskSourceFor({ _id: 'u', role: 'admin' })).toEqual({ kind: 'company' });
    expect(taskSourceFor({ _id: 'u', role: 'executive' })).toEqual({ kind: 'user', userId: 'u' });
    expect(taskSourceFor({ _id: 'u', role: 'superadmin' })).toBeNull();
    expect(taskSourceFor(null)).toBeNull();
  });
});
