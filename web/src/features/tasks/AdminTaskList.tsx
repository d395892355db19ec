import type { Task } from '@kpi/contracts';
import { useEffect, useMemo, useState } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { Button, EmptyState, LoadMore, PageHeader, SectionSpinner, cx } from '../../components/ui';
import { AlertIcon, ClipboardIcon, PlusIcon } from '../../components/ui/icons';
import { useDeletion } from '../../components/deletion';
import { loadExecutives } from '../executives/actions';
import { executivesStatusAtom, sortedExecutivesAtom } from '../executives/atoms';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { deleteTask, loadMoreTasks, loadTasks } from './actions';
import { sortedTasksAtom, taskSummaryAtom, tasksLoadingMoreAtom, tasksNextCursorAtom, tasksStatusAtom, tasksStatusFilterAtom } from './atoms';
import { AdminTaskCard } from './AdminTaskCard';
import { StatTile } from '../../components/ui/StatTile';
import { TaskForm } from './TaskForm';
import { FILTER_LABELS, FILTER_STATUS, TASK_FILTERS, filterCount, matchesFilter, reviewFirst, summaryCounts, type TaskFilter } from './rules';
import { useNow } from '../../lib/useNow';
import { CheckCircleIcon, ClockIcon } from './icons';

const COMPANY = { kind: 'company' } as const;


/**
 * Task Management (admin): counters, the awaiting-review banner, the task list with scoring, and the
 * create/edit form. Everything reads the task atoms, which the fetch fills and TasksRealtimeEffect keeps live.
 */
export function AdminTaskList() {
  const user = useAtomValue(sessionUserAtom);
  const companyId = user?.role === 'admin' ? companyIdOf(user) : null;
  const tasks = useAtomValue(sortedTasksAtom);
  const status = useAtomValue(tasksStatusAtom);
  const executives = useAtomValue(sortedExecutivesAtom);
  const executivesStatus = useAtomValue(executivesStatusAtom);
  // Read every minute: tasks turn overdue on screen when their deadline passes.
  const nowMs = useNow(60_000);
  const now = useMemo(() => new Date(nowMs), [nowMs]);
  const summary = useAtomValue(taskSummaryAtom);
  const next = useAtomValue(tasksNextCursorAtom);
  const loadingMore = useAtomValue(tasksLoadingMoreAtom);
  const [filter, setFilter] = useState<TaskFilter>(() => TASK_FILTERS.find((f) => FILTER_STATUS[f] === store.get(tasksStatusFilterAtom)) ?? 'all');
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  const { deletingId, remove } = useDeletion('Are you sure you want to delete this task?', deleteTask);

  useEffect(() => {
    if (!companyId) return;
    // Events keep a loaded list current; coming back to the screen refreshes it without a spinner.
    void loadTasks(COMPANY, { quiet: store.get(tasksStatusAtom) === 'ready' });
    void loadExecutives(companyId, { quiet: true });
  }, [companyId]);

  // Counted by the server over every task, not over the pages loaded here.
  const counts = summaryCounts(summary);
  const filtered = useMemo(() => reviewFirst(tasks).filter((t) => matchesFilter(t, filter, now)), [tasks, filter, now]);
  const assignable = executives.filter((e) => e.isActive);
  const noExecutives = executivesStatus === 'ready' && assignable.length === 0;

  // A filter is the server's: the first page of just those tasks (live events still land, filtered below).
  const chooseFilter = (chosen: TaskFilter) => {
    setFilter(chosen);
    void loadTasks(COMPANY, { status: FILTER_STATUS[chosen] ?? null });
  };

  const createButton = (
    <div className="flex flex-col items-end gap-1">
      <Button
        icon={<PlusIcon className="h-4 w-4" />}
        onClick={() => setEditing(null)}
        disabled={!companyId || executivesStatus === 'idle' || executivesStatus === 'loading' || noExecutives}
        aria-describedby={noExecutives ? 'create-task-hint' : undefined}
      >
        Create Task
      </Button>
      {noExecutives && (
        <p id="create-task-hint" className="text-xs text-slate-500">
          Add an executive first: tasks are assigned to executives.
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby="tasks-heading">
      <PageHeader title={<span id="tasks-heading">Task Management</span>} subtitle="Assign, review and score your executives' work." actions={createButton} />
      {!companyId ? (
        <EmptyState icon={<ClipboardIcon />} title={<span className="font-semibold text-slate-900">No company assigned to your account</span>} />
      ) : status === 'idle' || status === 'loading' ? (
        <SectionSpinner />
      ) : (
        <div className="space-y-6">
          <div className="grid grid-cols-3 gap-2 sm:gap-4">
            <StatTile label="Pending Review" value={counts.pendingReview} tone="amber" icon={<ClockIcon />} />
            <StatTile label="Completed" value={counts.completed} tone="green" icon={<CheckCircleIcon />} />
            <StatTile label="Total Tasks" value={counts.total} tone="indigo" icon={<ClipboardIcon />} />
          </div>

          <div role="status">
            {counts.pendingReview > 0 && (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
                <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
                  <AlertIcon className="h-5 w-5 shrink-0 text-amber-600" />
                  {counts.pendingReview} {counts.pendingReview === 1 ? 'task' : 'tasks'} awaiting your review
                </p>
                {filter !== 'review' && (
                  <Button size="sm" variant="secondary" onClick={() => chooseFilter('review')}>
                    Review now
                  </Button>
                )}
              </div>
            )}
          </div>

          {(summary?.total ?? tasks.length) === 0 ? (
            <EmptyState
              icon={<ClipboardIcon />}
              title={<span className="font-semibold text-slate-900">No tasks found</span>}
              description={noExecutives ? 'Add an executive first, then assign them a task.' : 'Create a task to assign work to an executive.'}
              action={status === 'error' ? <Button variant="secondary" onClick={() => void loadTasks(COMPANY)}>Try Again</Button> : undefined}
            />
          ) : (
            <>
              <div role="group" aria-label="Filter tasks" className="flex flex-wrap gap-1.5 pb-1">
                {TASK_FILTERS.map((f) => {
                  const count = filterCount(summary, f);
                  return (
                    <button
                      key={f}
                      type="button"
                      aria-pressed={filter === f}
                      onClick={() => chooseFilter(f)}
                      className={cx(
                        'shrink-0 rounded-full px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                        filter === f ? 'bg-indigo-600 text-white' : 'bg-white text-slate-600 ring-1 ring-inset ring-slate-200 hover:bg-slate-50',
                      )}
                    >
                      {FILTER_LABELS[f]} <span className={filter === f ? 'text-indigo-100' : 'text-slate-500'}>{count}</span>
                    </button>
                  );
                })}
              </div>
              {filtered.length === 0 ? (
                <EmptyState icon={<ClipboardIcon />} title={<span className="font-semibold text-slate-900">No tasks found</span>} />
              ) : (
                <ul className="space-y-4" aria-label="Tasks">
                  {filtered.map((task) => (
                    <li key={task._id}>
                      <AdminTaskCard task={task} now={now} onEdit={setEditing} onDelete={remove} deleting={deletingId === task._id} />
                    </li>
                  ))}
                </ul>
              )}
              <LoadMore hasMore={next !== null} loading={loadingMore} onLoad={() => void loadMoreTasks(COMPANY)} />
            </>
          )}
        </div>
      )}
      {editing !== undefined && <TaskForm task={editing} companyId={companyId} executives={executives} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
