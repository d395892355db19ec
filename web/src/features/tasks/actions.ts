import { PAGE_DEFAULT, type Task, type TaskListStatus, type User } from '@kpi/contracts';
import { store } from '../../lib/store';
import { removeById } from '../../lib/collections';
import { deleteWithToasts } from '../../components/deletion';
import { tasksApi, type TaskPageQuery } from './api';
import { tasks, taskSummaryAtom, tasksAtom, tasksStatusFilterAtom } from './atoms';

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
  const loaded = store.get(tasksAtom).length;
  const limit = quiet && loaded > PAGE_DEFAULT ? Math.min(loaded, RELOAD_MAX) : undefined;
  const filter = store.get(tasksStatusFilterAtom);
  // Only the latest load fills the list (a newer one may ask with another filter).
  await tasks.load(async () => (await Promise.all([fetchPage(source, { status: filter, limit }), loadTaskSummary()]))[0], { quiet });
}

/** "Load more": appends the next page; a task already there (it arrived live meanwhile) is not doubled. */
export const loadMoreTasks = (source: TaskSource): Promise<void> =>
  tasks.loadMore((cursor) => fetchPage(source, { status: store.get(tasksStatusFilterAtom), cursor }));

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
    if (list[index].updatedAt > task.updatedAt) return list;
    const next = list.slice();
    next[index] = task;
    return next;
  });
}

export const forgetTask = (taskId: string): void => store.set(tasksAtom, (list) => removeById(list, taskId));

/** Admin: deletes a task (after the screen's confirmation): the list drops it, then reloads quietly. */
export const deleteTask = (task: Task): Promise<void> =>
  deleteWithToasts({
    call: () => tasksApi.remove(task._id),
    forget: () => forgetTask(task._id),
    deleted: 'Task deleted successfully',
    failed: 'Failed to delete task',
    reload: () => void loadTasks({ kind: 'company' }, { quiet: true }),
  });
