import type { ScoreHistoryEntry } from '@kpi/contracts';
import { cx } from '../../components/ui';
import { formatDateTime } from './format';
import { formatScore, formatTotal } from './rules';

/** 'before → after', read aloud as 'before to after'; '—' before the first scoring. A changed figure stands out. */
function Change({ before, after }: { before: string | null; after: string }) {
  const changed = before !== after;
  return (
    <>
      <span className="text-slate-500">{before ?? '—'}</span>
      <span aria-hidden="true" className="text-slate-400"> → </span>
      <span className="sr-only"> to </span>
      <span className={cx('text-slate-900', changed && 'font-semibold')}>{after}</span>
    </>
  );
}

const FIGURES = [
  ['Quality', 'qualityScore'],
  ['Time', 'timeScore'],
  ['Initiative', 'initiativeScore'],
] as const;

/** The feedback given, and the one it replaced when it changed. */
function FeedbackChange({ before, after }: { before: string | null; after: string }) {
  if (before === null || before === after) {
    return (
      <p className="whitespace-pre-wrap break-words text-slate-700">
        <span className="font-medium text-slate-900">Feedback: </span>
        {after}
        {before !== null && <span className="text-slate-500"> (unchanged)</span>}
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-slate-700">
      <dt className="font-medium text-slate-900">Feedback before:</dt>
      <dd className="whitespace-pre-wrap break-words text-slate-500">{before}</dd>
      <dt className="font-medium text-slate-900">Feedback after:</dt>
      <dd className="whitespace-pre-wrap break-words">{after}</dd>
    </dl>
  );
}

/**
 * One scoring in a task's History: who and when, then each figure before → after (Quality, Time, Initiative,
 * Total) and the feedback, so what a re-score changed reads at a glance.
 */
export function ScoreHistoryItem({ entry }: { entry: ScoreHistoryEntry }) {
  const { previous, next } = entry;
  return (
    <li className="space-y-2 rounded-lg bg-slate-50 px-3 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className="text-slate-700">
          <span className="font-medium text-slate-900">{entry.reason === 'rescored' ? 'Re-scored' : 'Scored'}</span>
          {' by '}
          {entry.scoredBy?.name ?? 'a former admin'}
          {', '}
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </span>
        <span className="tabular-nums">
          <span className="text-slate-500">Total </span>
          <Change before={previous && formatTotal(previous.totalScore)} after={formatTotal(next.totalScore)} />
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2">
        {FIGURES.map(([label, key]) => (
          <div key={key} className="rounded-md bg-white px-2 py-1 ring-1 ring-slate-200">
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="tabular-nums">
              <Change before={previous && formatScore(previous[key])} after={formatScore(next[key])} />
            </dd>
          </div>
        ))}
      </dl>
      <FeedbackChange before={previous?.feedback ?? null} after={next.feedback} />
    </li>
  );
}
