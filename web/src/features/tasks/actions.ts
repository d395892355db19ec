import { PAGE_DEFAULT, type Task, type TaskListStatus, type User } from '@kpi/contracts';
import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { isUnauthorized } from '../../lib/api';
import { appendNew, removeById } from '../../lib/collections';
import { tasksApi, type TaskPageQuery } from './api';
import { taskSummaryAtom, tasksAtom, tasksLoadingMoreAtom, tasksNextCursorAtom, tasksStatusAtom, tasksStatusFilterAtom } from './atoms';

/** Where a session's tasks come from: an admin's company, or an executive's own list. */
export type TaskSource = { kind: 'company' } | { kind: 'user'; userId: string };

export const taskSourceFor = (user: Pick<User, '_id' | 'role'> | null): TaskSource | null =>
  user?.role === 'admin' ? { kind: 'company' } : user?.role === 'executive' ? { kind: 'user', userId: user._id } : null;

const fetchPage = (source: TaskSource, query: TaskPageQuery) =>
  source.kind === 'company' ? tasksApi.listCompany(query) : tasksApi.listForUser(source.userId, query);

/** Most a quiet reload asks for at once, so what was scrolled into view stays (the server's page maximum). */
const RELOAD_MAX = 200;

/**
 * Fetches the first page of the session's tasks (with `status` the server-side filter, kept for reloads) and
 * the counters. `quiet`: keep what is shown, no spinner and no toast, and reload as many as are loaded.
 */
export async function loadTasks(source: TaskSource, { quiet = false, status }: { quiet?: boolean; status?: TaskListStatus | null } = {}): Promise<void> {
  if (status !== undefined) store.set(tasksStatusFilterAtom, status ?? undefined);
  if (!quiet || store.get(tasksStatusAtom) !== 'ready') store.set(tasksStatusAtom, 'loading');
  const loaded = store.get(tasksAtom).length;
  const limit = quiet && loaded > PAGE_DEFAULT ? Math.min(loaded, RELOAD_MAX) : undefined;
  const filter = store.get(tasksStatusFilterAtom);
  try {
    const [page] = await Promise.all([fetchPage(source, { status: filter, limit }), loadTaskSummary()]);
    // A newer load (another filter) may have started meanwhile: only the latest one fills the list.
    if (store.get(tasksStatusFilterAtom) !== filter) return;
    store.set(tasksAtom, page.body);
    store.set(tasksNextCursorAtom, page.next);
    store.set(tasksStatusAtom, 'ready');
  } catch (error) {
    if (store.get(tasksStatusAtom) !== 'ready') store.set(tasksStatusAtom, 'error');
    if (!quiet && !isUnauthorized(error)) toast.error('Failed to fetch tasks');
  }
}

/** "Load more": appends the next page; a task already there (it arrived live meanwhile) is not doubled. */
export async function loadMoreTasks(source: TaskSource): Promise<void> {
  const cursor = store.get(tasksNextCursorAtom);
  if (!cursor || store.get(tasksLoadingMoreAtom)) return;
  store.set(tasksLoadingMoreAtom, true);
  try {
    const page = await fetchPage(source, { status: store.get(tasksStatusFilterAtom), cursor });
    store.set(tasksAtom, (list) => appendNew(list, page.body));
    store.set(tasksNextCursorAtom, page.next);
  } catch (error) {
    if (!isUnauthorized(error)) toast.error('Failed to fetch tasks');
  } finally {
    store.set(tasksLoadingMoreAtom, false);
  }
}

/** The counters, from the server (GET /tasks/summary). */
export async function loadTaskSummary(): Promise<void> {
  try {
    store.set(taskSummaryAtom, await tasksApi.summary());
  } catch {
    // The tiles keep their last figures; the next event or reload tries again.
  }
}

let summaryTimer: ReturnType<typeof setTimeout> | null = null;
/** After task events: one summary request for a burst of them, not one per event. */
export function refreshTaskSummarySoon(delayMs = 150): void {
  if (summaryTimer) return;
  summaryTimer = setTimeout(() => {
    summaryTimer = null;
    void loadTaskSummary();
  }, delayMs);
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
