import type { Task, TaskListStatus, TaskSummary } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../lib/store';
import { pagedLoadable } from '../../lib/loadable';
import { byNewest } from './rules';

/**
 * The tasks this session can see, as the fetch and the task.* events leave them: an admin's company tasks,
 * or an executive's own tasks (a tab holds one session, so one atom serves both areas).
 */
export const tasks = pagedLoadable<Task>({ failure: 'Failed to fetch tasks' });
export const tasksAtom = tasks.value;
export const tasksStatusAtom = tasks.status;

/** The loaded pages' next cursor: null once the last page is in (docs/paging.md). */
export const tasksNextCursorAtom = tasks.page.next;
export const tasksLoadingMoreAtom = tasks.page.loadingMore;
/** The server-side filter the loaded pages were asked with (the admin's filter chips); undefined for all. */
export const tasksStatusFilterAtom = atom<TaskListStatus | undefined>(undefined);
/** The counters, counted by the server over every task in scope, never from the loaded pages. */
export const taskSummaryAtom = atom<TaskSummary | null>(null);

/** Newest first, the order both screens list them in. */
export const sortedTasksAtom = atom((get) => [...get(tasksAtom)].sort(byNewest));

onSessionReset(() => {
  store.set(tasksStatusFilterAtom, undefined);
  store.set(taskSummaryAtom, null);
});
