import type { ScoreHistoryEntry } from '@kpi/contracts';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { tasksApi } from './api';
import { ScoreHistoryItem } from './ScoreHistoryItem';

type Load = { state: 'idle' | 'loading' } | { state: 'error'; message: string } | { state: 'ready'; entries: ScoreHistoryEntry[] };

/**
 * 'History' on a scored task (admin): every scoring, newest first: who, when, and each figure and the feedback
 * before → after (ScoreHistoryItem).
 * Loaded when first opened, and again on each opening (a re-score may have happened since).
 */
export function ScoreHistory({ taskId, title }: { taskId: string; title: string }) {
  const [load, setLoad] = useState<Load>({ state: 'idle' });

  const onToggle = (open: boolean) => {
    if (!open) return;
    setLoad({ state: 'loading' });
    tasksApi.history(taskId).then(
      (entries) => setLoad({ state: 'ready', entries }),
      (error: unknown) => setLoad({ state: 'error', message: errorMessage(error, 'Failed to load the score history') }),
    );
  };

  return (
    <details className="group rounded-xl border border-slate-200 text-sm" onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary className="cursor-pointer select-none rounded-xl px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        History<span className="sr-only"> of the scores of {title}</span>
      </summary>
      <div className="border-t border-slate-100 px-4 py-3" aria-live="polite">
        {load.state === 'loading' && <p className="text-slate-500">Loading…</p>}
        {load.state === 'error' && <p className="text-red-700">{load.message}</p>}
        {load.state === 'ready' &&
          (load.entries.length === 0 ? (
            <p className="text-slate-500">No scores recorded yet.</p>
          ) : (
            <ol aria-label={`Score history of ${title}`} className="space-y-3">
              {load.entries.map((entry) => (
                <ScoreHistoryItem key={entry._id} entry={entry} />
              ))}
            </ol>
          ))}
      </div>
    </details>
  );
}
