import type { Task } from '@kpi/contracts';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { store, useAtomValue } from '../../lib/store';
import { onEvent, onResync } from '../../lib/socket';
import { showOnce } from '../../lib/toastLeader';
import { sessionUserAtom } from '../../session/atoms';
import { applyTask, forgetTask, loadTasks, refreshTaskSummarySoon, taskSourceFor } from './actions';
import { tasksStatusAtom } from './atoms';
import { scoredToastMessage } from './rules';

/**
 * Applies task.* events to the atoms the task fetch fills. Admins hear about every task of their company;
 * an executive about their own (a task reassigned away arrives as task.deleted, one reassigned to them as
 * task.updated). The executive's score toast shows in one tab per browser.
 */
export function TasksRealtimeEffect() {
  const user = useAtomValue(sessionUserAtom);
  const userId = user?._id ?? null;
  const role = user?.role ?? null;

  useEffect(() => {
    const source = taskSourceFor(userId && role ? { _id: userId, role } : null);
    if (!source) return;
    const mine = (task: Task) => source.kind === 'company' || task.assignedTo?._id === source.userId;
    // The counters are the server's: any task news asks for them again (one request per burst).
    const apply = (task: Task) => {
      if (mine(task)) applyTask(task);
      else forgetTask(task._id);
      refreshTaskSummarySoon();
    };

    const offs = [
      onEvent('task.assigned', ({ payload }) => apply(payload.task)),
      onEvent('task.updated', ({ payload }) => apply(payload.task)),
      onEvent('task.submitted', ({ payload }) => apply(payload.task)),
      onEvent('task.scored', ({ payload }) => {
        apply(payload.task);
        if (source.kind === 'user' && mine(payload.task) && payload.task.scoring) {
          showOnce(() => toast.success(scoredToastMessage(payload.task), { id: `task-scored-${payload.task._id}-${payload.task.scoring?.scoredAt}` }));
        }
      }),
      onEvent('task.deleted', ({ payload }) => {
        forgetTask(payload.taskId);
        refreshTaskSummarySoon();
      }),
      onResync(() => {
        if (store.get(tasksStatusAtom) !== 'idle') void loadTasks(source, { quiet: true });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [userId, role]);
  return null;
}
