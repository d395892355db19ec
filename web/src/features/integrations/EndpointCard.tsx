import type { WebhookEndpoint } from '@kpi/contracts';
import { useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { Badge, Button, Card, TextField, confirmAction } from '../../components/ui';
import { PencilIcon, TrashIcon } from '../../components/ui/icons';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { applyAttempt, applyEndpoint, closeLog, openLog } from './actions';
import { webhooksApi } from './api';
import { DeliveryLog } from './DeliveryLog';
import { attemptOutcome, endpointState, KIND_LABELS, parseSeq } from './rules';

interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  /** The superadmin's list names each endpoint's company. */
  companyName?: string;
  logOpen: boolean;
  deleting: boolean;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
  /** A rotated secret, for the screen to show once. */
  onSecret: (secret: string) => void;
}

type Busy = 'test' | 'pause' | 'rotate' | 'replay' | null;

/** One endpoint: where it points, what it gets, its state, its actions and (open) its delivery log. */
export function EndpointCard({ endpoint: e, companyName, logOpen, deleting, onEdit, onDelete, onSecret }: EndpointCardProps) {
  const [busy, setBusy] = useState<Busy>(null);
  const [replayOpen, setReplayOpen] = useState(false);
  const [fromSeq, setFromSeq] = useState('');
  const state = endpointState(e);

  const run = async (what: Exclude<Busy, null>, action: () => Promise<void>, failed: string) => {
    setBusy(what);
    try {
      await action();
    } catch (err) {
      if (!isUnauthorized(err)) toast.error(errorMessage(err, failed));
    } finally {
      setBusy(null);
    }
  };

  const sendTest = () =>
    run(
      'test',
      async () => {
        if (!logOpen) void openLog(e._id);
        const attempt = await webhooksApi.sendTest(e._id);
        applyAttempt(attempt);
        if (attempt.succeeded) toast.success('Test event delivered');
        else toast.error(`Test event failed: ${attemptOutcome(attempt)}`);
      },
      'Failed to send test event',
    );

  const togglePause = () =>
    run(
      'pause',
      async () => {
        applyEndpoint(await webhooksApi.update(e._id, { active: !e.active }));
        toast.success(e.active ? 'Endpoint paused' : 'Endpoint resumed');
      },
      'Operation failed',
    );

  const rotate = () => {
    if (!confirmAction('Rotate the signing secret? The current one keeps signing for a while alongside the new one.')) return;
    void run(
      'rotate',
      async () => {
        const { endpoint, secret } = await webhooksApi.rotateSecret(e._id);
        applyEndpoint(endpoint);
        if (secret) onSecret(secret);
      },
      'Failed to rotate secret',
    );
  };

  const replay = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const seq = parseSeq(fromSeq);
    if (seq === null) return void toast.error('From sequence must be a whole number of at least 1');
    void run(
      'replay',
      async () => {
        applyEndpoint(await webhooksApi.replay(e._id, seq));
        toast.success(`Replaying from sequence ${seq}`);
        setReplayOpen(false);
        setFromSeq('');
      },
      'Failed to replay events',
    );
  };

  return (
    <li>
      <Card className="p-5">
        <article aria-label={e.description || e.url}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-[14rem] flex-1">
              <p className="break-all font-mono text-sm font-medium text-slate-900" data-testid="endpoint-url">
                {e.url}
              </p>
              <p className="mt-0.5 text-sm text-slate-500">
                {e.description || 'No description'}
                {companyName && <> · {companyName}</>}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={e.kind === 'standard' ? 'indigo' : 'purple'}>{KIND_LABELS[e.kind]}</Badge>
              <StateBadge endpoint={e} />
            </div>
          </div>
          {state.state === 'paused' && <p className="mt-2 text-sm text-amber-800">{state.reason}</p>}
          {state.state === 'failing' && (
            <p className="mt-2 text-sm text-red-700">
              {state.failures} failed {state.failures === 1 ? 'attempt' : 'attempts'}
              {state.nextAttemptAt && <> · next retry {formatDateTime(state.nextAttemptAt, { seconds: true })}</>}
            </p>
          )}
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Event types">
            {e.eventTypes.map((t) => (
              <li key={t}>
                <Badge className="font-mono">{t}</Badge>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500">
            Delivered up to sequence {e.deliveredSeq}
            {e.signed ? ' · signed' : ' · unsigned (chat channel)'}
          </p>

          <div className="mt-4 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" aria-expanded={logOpen} onClick={() => (logOpen ? closeLog() : void openLog(e._id))}>
              {logOpen ? 'Hide delivery log' : 'Delivery log'}
            </Button>
            <Button size="sm" variant="secondary" loading={busy === 'test'} onClick={() => void sendTest()}>
              Send test event
            </Button>
            <Button size="sm" variant="secondary" aria-expanded={replayOpen} onClick={() => setReplayOpen((open) => !open)}>
              Replay from sequence…
            </Button>
            <Button size="sm" variant="secondary" loading={busy === 'pause'} onClick={() => void togglePause()}>
              {e.active ? 'Pause' : 'Resume'}
            </Button>
            {e.signed && (
              <Button size="sm" variant="secondary" loading={busy === 'rotate'} onClick={rotate}>
                Rotate secret
              </Button>
            )}
            <Button size="sm" variant="ghost" icon={<PencilIcon className="h-3.5 w-3.5" />} onClick={() => onEdit(e)} aria-label={`Edit ${e.url}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" icon={<TrashIcon className="h-3.5 w-3.5" />} loading={deleting} onClick={() => onDelete(e)} aria-label={`Delete ${e.url}`}>
              Delete
            </Button>
          </div>

          {replayOpen && (
            <form onSubmit={replay} className="mt-3" noValidate>
              <div className="flex flex-wrap items-end gap-2">
                <TextField
                  label="From sequence"
                  inputMode="numeric"
                  value={fromSeq}
                  onChange={(ev) => setFromSeq(ev.target.value)}
                  placeholder="e.g. 120"
                  fieldClassName="w-40"
                  aria-describedby={`${e._id}-replay-hint`}
                />
                <Button type="submit" loading={busy === 'replay'}>
                  Replay
                </Button>
              </div>
              <p id={`${e._id}-replay-hint`} className="mt-1 text-xs text-slate-500">
                Every subscribed event from this sequence number on is sent again, in order.
              </p>
            </form>
          )}

          {logOpen && <DeliveryLog endpointId={e._id} />}
        </article>
      </Card>
    </li>
  );
}

function StateBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const state = endpointState(endpoint);
  if (state.state === 'paused') return <Badge tone="amber">Paused</Badge>;
  if (state.state === 'failing') return <Badge tone="red">Failing</Badge>;
  return <Badge tone="green">Active</Badge>;
}
