import { PAIRING_POLL_MS, PAIRING_TTL_MS, type WallPairing } from '@kpi/contracts';
import { store } from '../../lib/store';
import { ApiError } from '../../lib/api';
import { paired } from './actions';
import { wallApi } from './api';
import { wallPairingAtom, wallPairingProblemAtom } from './atoms';
import { reconnectDelay } from './rules';

const UNREACHABLE = 'Cannot reach the server — retrying…';
const TOO_MANY = 'Too many codes requested from this network — trying again in a minute…';
const TOO_MANY_WAIT_MS = 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Shows a pairing code and waits for an admin to claim it: asks for a code, polls it every 2 s, asks for a new
 * one when it expires, and stores the display token once claimed. Network trouble backs off and retries; it
 * never reloads the page. Returns the function that stops it.
 */
export function runPairing(): () => void {
  const controller = new AbortController();
  // A code from an earlier pairing is used up: show none until the new one comes.
  store.set(wallPairingAtom, null);
  void pairingLoop(controller.signal);
  return () => controller.abort();
}

async function pairingLoop(signal: AbortSignal): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    let pairing: WallPairing;
    try {
      pairing = await wallApi.startPairing(signal);
    } catch (error) {
      if (signal.aborted) return;
      const throttled = error instanceof ApiError && error.status === 429;
      store.set(wallPairingAtom, null);
      store.set(wallPairingProblemAtom, throttled ? TOO_MANY : UNREACHABLE);
      await sleep(throttled ? TOO_MANY_WAIT_MS : reconnectDelay(failures++), signal);
      continue;
    }
    failures = 0;
    // The code was just made: count it down on this screen's own clock (a TV's clock may be minutes off).
    const expiresAt = Date.now() + PAIRING_TTL_MS;
    store.set(wallPairingAtom, { code: pairing.code, expiresAt: new Date(expiresAt).toISOString() });
    store.set(wallPairingProblemAtom, null);
    const token = await waitForClaim(pairing, expiresAt, signal);
    if (token) {
      store.set(wallPairingAtom, null);
      return paired(token);
    }
  }
}

/** Polls one pairing: the display token once claimed, or null when a new code is needed (or stopped). */
async function waitForClaim(pairing: WallPairing, expiresAt: number, signal: AbortSignal): Promise<string | null> {
  let failures = 0;
  while (!signal.aborted) {
    await sleep(failures ? reconnectDelay(failures) : PAIRING_POLL_MS, signal);
    if (signal.aborted) return null;
    try {
      const status = await wallApi.pairingStatus(pairing, signal);
      failures = 0;
      store.set(wallPairingProblemAtom, null);
      if (status.status === 'paired') return status.displayToken;
      if (status.status === 'expired') return null;
    } catch (error) {
      if (signal.aborted) return null;
      // Unknown to the server (pruned, or a reset database): a new code.
      if (error instanceof ApiError && error.status === 404) return null;
      failures++;
      store.set(wallPairingProblemAtom, UNREACHABLE);
    }
    // The server decides, but a code past its time on this clock is not worth showing while offline.
    if (failures > 0 && expiresAt <= Date.now()) return null;
  }
  return null;
}
