import { submitTaskSchema } from '@kpi/contracts';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { store, useAtomValue } from '../../lib/store';
import { Button, EmptyState, LoadMore, PageHeader, SectionSpinner } from '../../components/ui';
import { AlertIcon, ClipboardIcon } from '../../components/ui/icons';
import { ApiError, errorMessage, isUnauthorized } from '../../lib/api';
import { formProblem } from '../../lib/formProblem';
import { sessionUserAtom } from '../../session/atoms';
import { applyTask, loadMoreTasks, loadTasks, type TaskSource } from './actions';
import { tasksApi } from './api';
import { sortedTasksAtom, taskSummaryAtom, tasksLoadingMoreAtom, tasksNextCursorAtom, tasksStatusAtom } from './atoms';
import { MyTaskCard } from './MyTaskCard';
import { StatTile } from '../../components/ui/StatTile';
import { executiveSummaryCounts } from './rules';
import { useNow } from '../../lib/useNow';
import { CheckCircleIcon, ClockIcon } from './icons';


/**
 * My Tasks (executive): four tiles, the task cards, and one submission box at a time. The list is the task
 * atom, which the fetch fills and TasksRealtimeEffect keeps live.
 */
export function MyTaskList() {
  const userId = useAtomValue(sessionUserAtom)?._id ?? null;
  const tasks = useAtomValue(sortedTasksAtom);
  const status = useAtomValue(tasksStatusAtom);
  const summary = useAtomValue(taskSummaryAtom);
  const next = useAtomValue(tasksNextCursorAtom);
  const loadingMore = useAtomValue(tasksLoadingMoreAtom);
  // Read every minute: tasks turn overdue on screen when their deadline passes.
  const nowMs = useNow(60_000);
  const now = useMemo(() => new Date(nowMs), [nowMs]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const source: TaskSource | null = useMemo(() => (userId ? { kind: 'user', userId } : null), [userId]);

  useEffect(() => {
    if (source) void loadTasks(source, { quiet: store.get(tasksStatusAtom) === 'ready' });
  }, [source]);

  // Counted by the server over all of the executive's tasks, not over the pages loaded here.
  const counts = executiveSummaryCounts(summary);

  const close = () => {
    setOpenId(null);
    setText('');
  };

  const submit = async (taskId: string) => {
    const problem = formProblem(submitTaskSchema, { content: text });
    if (problem) {
      toast.error(problem.message);
      return;
    }
    const content = text.trim();
    setSending(true);
    try {
      applyTask(await tasksApi.submit(taskId, { content }));
      toast.success('Task submitted successfully');
      close();
      if (source) void loadTasks(source, { quiet: true });
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(errorMessage(error, 'Failed to submit task'));
      // Already submitted (from another tab: submissions are only announced to admins): show what the server has.
      if (error instanceof ApiError && error.status === 409 && source) {
        close();
        void loadTasks(source, { quiet: true });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="my-tasks-heading">
      <PageHeader title={<span id="my-tasks-heading">My Tasks</span>} subtitle="Your assigned work, submissions and scores." />
      {status === 'idle' || status === 'loading' ? (
        <SectionSpinner />
      ) : (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatTile label="Total Tasks" value={counts.total} tone="indigo" icon={<ClipboardIcon />} />
            <StatTile label="Completed" value={counts.completed} tone="green" icon={<CheckCircleIcon />} />
            <StatTile label="Pending" value={counts.pending} tone="sky" icon={<ClockIcon />} />
            <StatTile label="Overdue" value={counts.overdue} tone="red" icon={<AlertIcon />} />
          </div>
          {tasks.length === 0 ? (
            <EmptyState
              icon={<ClipboardIcon />}
              title={<span className="font-semibold text-slate-900">No tasks assigned</span>}
              description="Tasks will appear here when assigned by your admin."
              action={status === 'error' && source ? <Button variant="secondary" onClick={() => void loadTasks(source)}>Try Again</Button> : undefined}
            />
          ) : (
            <ul className="space-y-4" aria-label="My tasks">
              {tasks.map((task) => (
                <li key={task._id}>
                  <MyTaskCard
                    task={task}
                    now={now}
                    box={{
                      open: openId === task._id,
                      text: openId === task._id ? text : '',
                      sending: sending && openId === task._id,
                      // Only one box at a time: opening another one starts it empty.
                      onOpen: () => {
                        setOpenId(task._id);
                        setText('');
                      },
                      onChange: setText,
                      onCancel: close,
                      onSubmit: () => void submit(task._id),
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          {source && <LoadMore hasMore={next !== null} loading={loadingMore} onLoad={() => void loadMoreTasks(source)} />}
        </div>
      )}
    </section>
  );
}
