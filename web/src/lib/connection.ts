import { atom } from './store';

/** The realtime connection as the shell shows it: live, or without the server since a moment (ms). */
export type ConnectionState = { kind: 'connecting' } | { kind: 'live' } | { kind: 'lost'; since: number };

export const connectionAtom = atom<ConnectionState>({ kind: 'connecting' });

/**
 * Without the server this long, the shell says "offline since HH:MM" rather than "reconnecting", and a screen
 * coming back refetches: what is derived from time (overdue tasks, expiries) moved on without any event.
 */
export const OFFLINE_AFTER_MS = 10_000;

const hhmm = (at: number) => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** What the indicator says, and in which tone. */
export function connectionLabel(state: ConnectionState, now: number): { tone: 'live' | 'reconnecting' | 'offline'; text: string } {
  if (state.kind === 'live') return { tone: 'live', text: 'Live' };
  if (state.kind === 'connecting') return { tone: 'reconnecting', text: 'Connecting…' };
  if (now - state.since < OFFLINE_AFTER_MS) return { tone: 'reconnecting', text: 'Reconnecting…' };
  return { tone: 'offline', text: `Offline since ${hhmm(state.since)}` };
}

/** Whether a connection lost at `state.since` and back `now` was away long enough to refetch. */
export const wasOffline = (state: ConnectionState, now: number): boolean => state.kind === 'lost' && now - state.since >= OFFLINE_AFTER_MS;
