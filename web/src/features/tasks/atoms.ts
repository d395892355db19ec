import type { Task } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { byNewest } from './rules';

/**
 * The tasks this session can see, as the fetch and the task.* events leave them: an admin's company tasks,
 * or an executive's own tasks (a tab holds one session, so one atom serves both areas).
 */
export const tasksAtom = atom<Task[]>([]);
export const tasksStatusAtom = atom<LoadStatus>('idle');

/** Newest first, the order both screens list them in. */
export const sortedTasksAtom = atom((get) => [...get(tasksAtom)].sort(byNewest));

onSessionReset(() => {
  store.set(tasksAtom, []);
  store.set(tasksStatusAtom, 'idle');
});
