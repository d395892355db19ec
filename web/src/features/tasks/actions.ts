import type { Task, User } from '@kpi/contracts';
import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { isUnauthorized } from '../../lib/api';
import { removeById } from '../../lib/collections';
import { tasksApi } from './api';
import { tasksAtom, tasksStatusAtom } from './atoms';

/** Where a session's tasks come from: an admin's company, or an executive's own list. */
export type TaskSource = { kind: 'company' } | { kind: 'user'; userId: string };

export const taskSourceFor = (user: Pick<User, '_id' | 'role'> | null): TaskSource | null =>
  user?.role === 'admin' ? { kind: 'company' } : user?.role === 'executive' ? { kind: 'user', userId: user._id } : null;

/** Fetches the session's tasks into the atoms. `quiet`: keep what is shown, no spinner and no toast. */
export async function loadTasks(source: TaskSource, { quiet = false } = {}): Promise<void> {
  if (!quiet || store.get(tasksStatusAtom) !== 'ready') store.set(tasksStatusAtom, 'loading');
  try {
    const tasks = source.kind === 'company' ? await tasksApi.listCompany() : await tasksApi.listForUser(source.userId);
    store.set(tasksAtom, tasks);
    store.set(tasksStatusAtom, 'ready');
  } catch (error) {
    if (store.get(tasksStatusAtom) !== 'ready') store.set(tasksStatusAtom, 'error');
    if (!quiet && !isUnauthorized(error)) toast.error('Failed to fetch tasks');
  }
}

/**
 * Puts a task (from a REST answer or an event) into the list. The same task can arrive twice, from the
 * answer and from its event, in either order: an older copy never replaces a newer one.
 */
export function applyTask(task: Task): void {
  store.set(tasksAtom, (list) => {
    const index = list.findIndex((t) => t._id === task._id);
    if (index === -1) return [task, ...list];
    if (list[index]!.updatedAt > task.updatedAt) return list;
    const next = list.slice();
    next[index] = task;
    return next;
  });
}

export const forgetTask = (taskId: string): void => store.set(tasksAtom, (list) => removeById(list, taskId));
