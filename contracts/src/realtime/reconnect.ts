/**
 * How a client comes back after its socket was lost to the network or to a restart: socket.io's doubling delay
 * with ±50 % jitter, from half a second. While the outage is young its ceiling is two seconds, so a restart or a
 * deploy (a node is away for a few seconds) has every screen back within about two seconds of the server listening
 * again, spread over those two seconds rather than all at once. Once the server has been missed for half a minute
 * the ceiling rises to ten seconds, so a long outage is not hammered (docs/scale-out.md, "Reconnecting within
 * seconds of a restart").
 */
export const RECONNECT_BACKOFF = { reconnectionDelay: 500, reconnectionDelayMax: 2_000, randomizationFactor: 0.5 } as const;
/** After this long without the server, the ceiling rises to RECONNECT_PATIENT_DELAY_MAX_MS. */
export const RECONNECT_PATIENT_AFTER_MS = 30_000;
export const RECONNECT_PATIENT_DELAY_MAX_MS = 10_000;

/** The ceiling of the next reconnect delay once the server has been missed for `missedForMs`. */
export const reconnectCeiling = (missedForMs: number): number =>
  missedForMs < RECONNECT_PATIENT_AFTER_MS ? RECONNECT_BACKOFF.reconnectionDelayMax : RECONNECT_PATIENT_DELAY_MAX_MS;

/** What `paceReconnects` uses of a socket.io-client `Manager` (`socket.io`): its public events and setter. */
export interface ReconnectingManager {
  on(event: 'reconnect_attempt' | 'reconnect', listener: () => void): unknown;
  reconnectionDelayMax(ms: number): unknown;
}

/**
 * Applies the ceiling to a socket.io-client manager created with RECONNECT_BACKOFF: each reconnect attempt sets the
 * ceiling of the delay that follows it from how long the server has been missed; a reconnection starts afresh.
 */
export function paceReconnects(manager: ReconnectingManager, now: () => number = Date.now): void {
  let missedSince: number | null = null;
  manager.on('reconnect_attempt', () => {
    missedSince ??= now();
    manager.reconnectionDelayMax(reconnectCeiling(now() - missedSince));
  });
  manager.on('reconnect', () => {
    missedSince = null;
    manager.reconnectionDelayMax(RECONNECT_BACKOFF.reconnectionDelayMax);
  });
}
