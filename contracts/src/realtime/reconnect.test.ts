import { paceReconnects, reconnectCeiling, RECONNECT_BACKOFF, RECONNECT_PATIENT_AFTER_MS, RECONNECT_PATIENT_DELAY_MAX_MS, type ReconnectingManager } from './reconnect';

/** The part of socket.io-client's Manager that paceReconnects uses: its events and its ceiling. */
class ManagerDouble implements ReconnectingManager {
  ceiling: number = RECONNECT_BACKOFF.reconnectionDelayMax;
  private readonly listeners = new Map<string, (() => void)[]>();
  on(event: string, listener: () => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  reconnectionDelayMax(ms: number): this {
    this.ceiling = ms;
    return this;
  }
  emit(event: 'reconnect_attempt' | 'reconnect'): void {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
}

describe('reconnecting', () => {
  it('keeps the delay short while the outage is young and lets it grow once it has lasted', () => {
    expect(reconnectCeiling(0)).toBe(2_000);
    expect(reconnectCeiling(RECONNECT_PATIENT_AFTER_MS - 1)).toBe(2_000);
    expect(reconnectCeiling(RECONNECT_PATIENT_AFTER_MS)).toBe(RECONNECT_PATIENT_DELAY_MAX_MS);
  });

  it('raises the ceiling half a minute into an outage and lowers it again once reconnected', () => {
    let clock = 1_000_000;
    const manager = new ManagerDouble();
    paceReconnects(manager, () => clock);

    manager.emit('reconnect_attempt');
    clock += 20_000;
    manager.emit('reconnect_attempt');
    expect(manager.ceiling).toBe(2_000);
    clock += 10_000;
    manager.emit('reconnect_attempt');
    expect(manager.ceiling).toBe(10_000);

    manager.emit('reconnect');
    expect(manager.ceiling).toBe(2_000);
    // The next outage is measured from its own first attempt.
    clock += 60_000;
    manager.emit('reconnect_attempt');
    expect(manager.ceiling).toBe(2_000);
  });
});
