import { formatPairingCode, PRODUCT_NAME } from '@kpi/contracts';
import { useAtomValue } from '../../lib/store';
import { Spinner } from '../../components/ui';
import { ChartLineIcon } from '../../components/ui/icons';
import { useNow } from '../../lib/useNow';
import { wallPairingAtom, wallPairingProblemAtom } from './atoms';
import { countdown } from './rules';

/** Before pairing: the code to type, in type big enough to read from across the office. */
export function PairingScreen() {
  const pairing = useAtomValue(wallPairingAtom);
  const problem = useAtomValue(wallPairingProblemAtom);

  return (
    <main className="flex h-full flex-col items-center justify-center gap-[4vh] px-[6vh] text-center">
      <p className="flex items-center gap-[1.5vh] text-[2.6vh] font-semibold uppercase tracking-[0.22em] text-indigo-300">
        <span aria-hidden="true" className="flex h-[5vh] w-[5vh] items-center justify-center rounded-[1.4vh] bg-indigo-500 text-white">
          <ChartLineIcon className="h-[3vh] w-[3vh]" />
        </span>
        {PRODUCT_NAME} · Wall display
      </p>
      <h1 className="text-[5vh] font-bold text-white">Pair this screen</h1>
      {pairing ? (
        <>
          <p
            aria-label="Pairing code"
            data-testid="pairing-code"
            className="rounded-[3vh] bg-white/[0.06] px-[6vh] py-[2.5vh] font-mono text-[17vh] font-bold leading-none tracking-[0.12em] text-white ring-1 ring-white/15"
          >
            {formatPairingCode(pairing.code)}
          </p>
          <p className="max-w-[120vh] text-[2.8vh] leading-snug text-slate-300">
            An admin signs in, opens <span className="font-semibold text-white">Leaderboards → Wall displays</span> and enters this code.
          </p>
          <p className="text-[2.2vh] text-slate-500">
            Code expires in <PairingCountdown key={pairing.expiresAt} expiresAt={pairing.expiresAt} /> — a new one appears by itself.
          </p>
        </>
      ) : (
        <div className="flex h-[22vh] items-center">
          <Spinner size="lg" label="Getting a pairing code" className="border-white/20 border-t-indigo-400" />
        </div>
      )}
      {problem && (
        <p role="status" className="rounded-full bg-amber-400/15 px-[3vh] py-[1vh] text-[2.2vh] font-medium text-amber-200">
          {problem}
        </p>
      )}
    </main>
  );
}

/** Ticks every second. Keyed by the code's expiry, so a code that just arrived reads the clock afresh and starts at 10:00. */
function PairingCountdown({ expiresAt }: { expiresAt: string }) {
  const now = useNow(1000);
  return <span className="tabular-nums">{countdown(expiresAt, now)}</span>;
}
