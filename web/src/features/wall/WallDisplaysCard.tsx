import { type SubmitEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { LIMITS } from '@kpi/contracts';
import { useAtomValue } from '../../lib/store';
import { Button, Card, SectionSpinner, TextField, confirmAction, cx } from '../../components/ui';
import { ApiError, errorMessage, isUnauthorized } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { forgetDisplay, loadWallDisplays, pairDisplay, revokeDisplay, wallDisplaysAtom, wallDisplaysStatusAtom } from './displays';
import { lastSeenLabel } from './rules';

/**
 * 'Wall displays' for an admin's Leaderboards screen: pair an office TV by the code it shows at /wall, see the
 * paired ones, and revoke one (its screen goes back to a pairing code at once).
 */
export function WallDisplaysCard({ className }: { className?: string }) {
  const displays = useAtomValue(wallDisplaysAtom);
  const status = useAtomValue(wallDisplaysStatusAtom);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [pairing, setPairing] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    void loadWallDisplays();
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return void toast.error('Please enter the pairing code shown on the screen');
    setPairing(true);
    try {
      await pairDisplay(code, name);
      toast.success('Display paired successfully');
      setCode('');
      setName('');
    } catch (err) {
      if (!isUnauthorized(err)) toast.error(errorMessage(err, 'Failed to pair display'));
    } finally {
      setPairing(false);
    }
  };

  const revoke = async (id: string) => {
    if (!confirmAction('Are you sure you want to revoke this display?')) return;
    setRevoking(id);
    try {
      toast.success(await revokeDisplay(id));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) forgetDisplay(id);
      if (!isUnauthorized(err)) toast.error(errorMessage(err, 'Failed to revoke display'));
    } finally {
      setRevoking(null);
    }
  };

  const wallUrl = `${window.location.origin}/wall`;
  return (
    <Card className={cx('p-5 sm:p-6', className)}>
      <section aria-labelledby="wall-displays-heading">
        <h3 id="wall-displays-heading" className="text-base font-semibold text-slate-900">
          Wall displays
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          Show this month&apos;s leaderboard live on an office TV: open <span className="font-mono text-slate-700">{wallUrl}</span> on the TV and
          enter the code it shows.
        </p>

        <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end" noValidate>
          <TextField
            label="Pairing code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="ABC-234"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            className="font-mono uppercase tracking-widest"
          />
          <TextField
            label="Display name (optional)"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Sales floor TV"
            maxLength={LIMITS.name}
          />
          <Button type="submit" loading={pairing}>
            Pair display
          </Button>
        </form>

        <div className="mt-6">
          <h4 className="text-xs font-medium uppercase tracking-wide text-slate-500">Paired displays</h4>
          {status === 'idle' || status === 'loading' ? (
            <SectionSpinner />
          ) : displays.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">{status === 'error' ? 'Failed to fetch wall displays' : 'No wall displays paired yet'}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100" aria-label="Paired displays">
              {displays.map((d) => (
                <li key={d._id} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{d.name}</p>
                    <p className="text-xs text-slate-500">
                      Paired {formatDate(d.createdAt)} · Last seen {lastSeenLabel(d.lastSeenAt, now, formatDate)}
                    </p>
                  </div>
                  <Button variant="danger" size="sm" loading={revoking === d._id} onClick={() => void revoke(d._id)} aria-label={`Revoke ${d.name}`}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
