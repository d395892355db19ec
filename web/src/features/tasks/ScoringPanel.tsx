import { LIMITS, SCORE_MAX, SCORE_STEP, type Task } from '@kpi/contracts';
import { useRef, useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, TextAreaField, TextField } from '../../components/ui';
import { isUnauthorized } from '../../lib/api';
import { retryKeyFor, type RetryKey } from '../../lib/retryKey';
import { applyTask } from './actions';
import { tasksApi } from './api';
import { formatScore, formatTotal, scorePreview, validateScore } from './rules';

interface ScoringPanelProps {
  task: Task;
  /** Re-scoring a completed task: the inputs start from the current figures. */
  rescore?: boolean;
  onDone?: () => void;
  onCancel?: () => void;
}

/**
 * Quality and initiative (0–10, steps of 0.1), feedback and an optional comment, with a live preview of
 * the time score and the weighted total. The server computes the real figures by the same rules.
 */
export function ScoringPanel({ task, rescore = false, onDone, onCancel }: ScoringPanelProps) {
  const current = rescore ? task.scoring : null;
  const [quality, setQuality] = useState(current ? String(current.qualityScore) : '');
  const [initiative, setInitiative] = useState(current ? String(current.initiativeScore) : '');
  const [feedback, setFeedback] = useState(current?.feedback ?? '');
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const preview = scorePreview(task, quality, initiative);
  // The key of a scoring whose answer did not arrive: sending the same figures again reuses it.
  const unanswered = useRef<RetryKey | null>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateScore({ quality, initiative, feedback });
    if (problem) {
      toast.error(problem);
      return;
    }
    setSaving(true);
    try {
      const body = {
        qualityScore: Number(quality),
        initiativeScore: Number(initiative),
        feedback: feedback.trim(),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      };
      const attempt = retryKeyFor(unanswered.current, { task: task._id, ...body });
      unanswered.current = attempt;
      const scored = await tasksApi.score(task._id, body, attempt.key);
      unanswered.current = null;
      applyTask(scored);
      // One toast however quickly the admin scores again: a repeat replaces it instead of stacking.
      toast.success('Task scored successfully', { id: 'task-scored' });
      setComment('');
      onDone?.();
    } catch (error) {
      if (!isUnauthorized(error)) toast.error('Failed to score task');
    } finally {
      setSaving(false);
    }
  };

  const scoreProps = { type: 'number', inputMode: 'decimal', min: 0, max: SCORE_MAX, step: SCORE_STEP, placeholder: '0 – 10' } as const;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={rescore ? `Re-score ${task.title}` : `Score ${task.title}`} className="rounded-xl border border-indigo-100 bg-indigo-50/50 p-4">
      <h4 className="mb-3 text-sm font-semibold text-indigo-900">{rescore ? 'Re-score Task' : 'Score Task'}</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Quality Score (0-10)" value={quality} onChange={(e) => setQuality(e.target.value)} {...scoreProps} />
        <TextField label="Initiative Score (0-10)" value={initiative} onChange={(e) => setInitiative(e.target.value)} {...scoreProps} />
      </div>
      <TextAreaField
        fieldClassName="mt-3"
        label="Feedback"
        rows={3}
        maxLength={LIMITS.feedback}
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
        placeholder="What went well, and what to improve"
      />
      <TextField
        fieldClassName="mt-3"
        label="Comment (optional)"
        maxLength={LIMITS.comment}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder="Added to the task's comments"
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          <span>
            Time Score: <strong>{preview.timeScore === null ? '—' : `${formatScore(preview.timeScore)}/10`}</strong>
            {preview.onTime !== null && <span className="text-slate-500">{preview.onTime ? ' (on time)' : ' (late)'}</span>}
          </span>
          <span className="mx-2 text-slate-300" aria-hidden="true">
            |
          </span>
          <span>
            Total: <strong className="text-indigo-700">{preview.total === null ? '—' : `${formatTotal(preview.total)}/10`}</strong>
          </span>
        </p>
        <div className="flex gap-2">
          {onCancel && (
            <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" loading={saving}>
            {rescore ? 'Update Score' : 'Submit Score'}
          </Button>
        </div>
      </div>
    </form>
  );
}
