import type { TaskScoring } from '@kpi/contracts';
import { AwardIcon } from '../../components/ui/icons';
import { formatDateTime } from './format';
import { formatScore, formatTotal } from './rules';

/** The 'Performance Score' panel: Quality, Time and Initiative out of 10, the Total, and the feedback. */
export function ScoreSummary({ scoring, showScorer = false }: { scoring: TaskScoring; showScorer?: boolean }) {
  const parts = [
    ['Quality', scoring.qualityScore],
    ['Time', scoring.timeScore],
    ['Initiative', scoring.initiativeScore],
  ] as const;
  return (
    <section aria-label="Performance Score" className="rounded-xl border border-emerald-100 bg-emerald-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-1.5 text-sm font-semibold text-emerald-900">
          <AwardIcon className="h-4 w-4" /> Performance Score
        </h4>
        <p className="text-sm text-emerald-900">
          Total: <span className="text-lg font-bold">{formatTotal(scoring.totalScore)}</span>/10
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        {parts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-white px-3 py-2 text-center ring-1 ring-emerald-100">
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="text-sm font-semibold text-slate-900">{formatScore(value)}/10</dd>
          </div>
        ))}
      </dl>
      {scoring.feedback && (
        <div className="mt-3 text-sm text-slate-700">
          <span className="font-medium text-slate-900">Feedback: </span>
          <span className="whitespace-pre-wrap break-words">{scoring.feedback}</span>
        </div>
      )}
      {showScorer && (
        <p className="mt-2 text-xs text-slate-500">
          Scored {scoring.scoredBy ? `by ${scoring.scoredBy.name} ` : ''}on {formatDateTime(scoring.scoredAt)}
        </p>
      )}
    </section>
  );
}
