import { describe, expect, it } from 'vitest';
import { connectionLabel, OFFLINE_AFTER_MS, wasOffline } from './connection';

describe('the connection indicator', () => {
  const since = new Date(2026, 10, 26, 14, 5, 30).getTime();

  it('says live, or reconnecting for the first seconds without the server', () => {
    expect(connectionLabel({ kind: 'live' }, since)).toEqual({ tone: 'live', text: 'Live' });
    expect(connectionLabel({ kind: 'lost', since }, since + 2_000)).toEqual({ tone: 'reconnecting', text: 'Reconnecting…' });
  });

  it('then says since when it is offline, on the screen’s clock', () => {
    expect(connectionLabel({ kind: 'lost', since }, since + OFFLINE_AFTER_MS)).toEqual({ tone: 'offline', text: 'Offline since 14:05' });
  });

  it('asks for a refetch only after a real absence', () => {
    expect(wasOffline({ kind: 'lost', since }, since + 3_000)).toBe(false);
    expect(wasOffline({ kind: 'lost', since }, since + OFFLINE_AFTER_MS)).toBe(true);
    expect(wasOffline({ kind: 'live' }, since + 60_000)).toBe(false);
  });
});
