import type { WebhookAttempt } from '@kpi/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useAtomValue } from '../../lib/store';
import { Badge, Button, SectionSpinner } from '../../components/ui';
import { LoadMoreFor } from '../../components/LoadMoreFor';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { applyAttempt, loadMoreAttempts, openLog } from './actions';
import { webhooksApi } from './api';
import { deliveryLogPage, deliveryLogStatusAtom, sortedDeliveryLogAtom } from './atoms';
import { attemptOutcome } from './rules';

/** The open endpoint's delivery log: every attempt, newest first, live; "Redeliver" sends an event again. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const attempts = useAtomValue(sortedDeliveryLogAtom);
  const status = useAtomValue(deliveryLogStatusAtom);
  const [redelivering, setRedelivering] = useState<string | null>(null);

  const redeliver = async (attempt: WebhookAttempt) => {
    setRedelivering(attempt._id);
    try {
      const again = await webhooksApi.redeliver(endpointId, attempt.eventId);
      applyAttempt(again);
      if (again.succeeded) toast.success('Event redelivered');
      else toast.error(`Redelivery failed: ${attemptOutcome(again)}`);
    } catch (err) {
      if (!isUnauthorized(err)) toast.error(errorMessage(err, 'Failed to redeliver event'));
    } finally {
      setRedelivering(null);
    }
  };

  return (
    <section aria-label="Delivery log" className="mt-4 border-t border-slate-100 pt-4">
      <h4 className="text-xs font-medium uppercase tracking-wide text-slate-500">Delivery log</h4>
      {status === 'idle' || status === 'loading' ? (
        <SectionSpinner />
      ) : status === 'error' && attempts.length === 0 ? (
        <div className="mt-2 flex items-center gap-3 text-sm text-slate-500">
          Failed to fetch delivery log
          <Button variant="secondary" size="sm" onClick={() => void openLog(endpointId)}>
            Try Again
          </Button>
        </div>
      ) : attempts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No deliveries yet. Send a test event to try the endpoint.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Delivery attempts">
          {attempts.map((a) => (
            <AttemptRow key={a._id} attempt={a} redelivering={redelivering === a._id} onRedeliver={() => void redeliver(a)} />
          ))}
        </ul>
      )}
      {status === 'ready' && <LoadMoreFor state={deliveryLogPage} onLoad={() => void loadMoreAttempts()} />}
    </section>
  );
}

function AttemptRow({ attempt: a, redelivering, onRedeliver }: { attempt: WebhookAttempt; redelivering: boolean; onRedeliver: () => void }) {
  return (
    <li className="py-3" data-testid="webhook-attempt">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge tone={a.succeeded ? 'green' : 'red'}>{a.succeeded ? 'Succeeded' : 'Failed'}</Badge>
        <span className="font-mono text-xs text-slate-900">{a.eventType}</span>
        {a.seq !== null && <span className="text-xs text-slate-500">seq {a.seq}</span>}
        <span className="text-xs text-slate-500">attempt {a.attempt}</span>
        {a.trigger !== 'delivery' && <Badge tone="sky">{a.trigger}</Badge>}
        <span className="text-xs text-slate-500" data-testid="attempt-status">
          {a.statusCode === null ? 'no response' : `HTTP ${a.statusCode}`}
        </span>
        <span className="text-xs text-slate-500">{a.durationMs} ms</span>
        <time dateTime={a.at} className="text-xs text-slate-500">
          {formatDateTime(a.at, { seconds: true })}
        </time>
        {a.seq !== null && (
          <Button variant="ghost" size="sm" className="ml-auto" loading={redelivering} onClick={onRedeliver} aria-label={`Redeliver event ${a.seq}`}>
            Redeliver
          </Button>
        )}
      </div>
      {a.error && <p className="mt-1 text-xs text-red-700">{a.error}</p>}
      {a.response && (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs text-indigo-700">Response</summary>
          <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-700">{a.response}</pre>
        </details>
      )}
    </li>
  );
}
