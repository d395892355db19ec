import type { WebhookAttempt, WebhookEndpoint } from '@kpi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionData, store } from '../../lib/store';
import type { Paged } from '../../lib/api';
import { applyAttempt, forgetEndpoint, openLog } from './actions';
import { webhooksApi } from './api';
import { deliveryLogAtom, endpoints, openLogAtom, sortedDeliveryLogAtom } from './atoms';

const attempt = (id: string, endpoint: string, at: string): WebhookAttempt => ({
  _id: id,
  endpoint,
  eventId: `ev-${id}`,
  seq: 1,
  eventType: 'task.scored',
  trigger: 'delivery',
  attempt: 1,
  succeeded: true,
  statusCode: 200,
  durationMs: 3,
  response: 'ok',
  error: null,
  at,
});

/** The log's first page per endpoint, each answered by the test when it chooses. */
function attemptsInFlight() {
  const answers = new Map<string, (body: WebhookAttempt[]) => void>();
  vi.spyOn(webhooksApi, 'attempts').mockImplementation(
    (id) => new Promise<Paged<WebhookAttempt[]>>((resolve) => answers.set(id, (body) => resolve({ body, next: null }))),
  );
  return (id: string, body: WebhookAttempt[]) => answers.get(id)!(body);
}

describe('the delivery log', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetSessionData();
  });

  it("keeps an attempt that arrived live while its first page loaded, on top, and ignores other endpoints' attempts", async () => {
    const answer = attemptsInFlight();
    const loading = openLog('e1');
    applyAttempt(attempt('live', 'e1', '2026-11-27T10:00:05.000Z'));
    applyAttempt(attempt('elsewhere', 'e2', '2026-11-27T10:00:06.000Z'));
    answer('e1', [attempt('old', 'e1', '2026-11-27T10:00:00.000Z')]);
    await loading;
    expect(store.get(sortedDeliveryLogAtom).map((a) => a._id)).toEqual(['live', 'old']);
  });

  it("shows only the log opened last: a slower answer for the one closed does not land", async () => {
    const answer = attemptsInFlight();
    const first = openLog('e1');
    const second = openLog('e2');
    answer('e2', [attempt('b', 'e2', '2026-11-27T10:00:00.000Z')]);
    answer('e1', [attempt('a', 'e1', '2026-11-27T10:00:00.000Z')]);
    await Promise.all([first, second]);
    expect(store.get(openLogAtom)).toBe('e2');
    expect(store.get(deliveryLogAtom).map((a) => a._id)).toEqual(['b']);
  });

  it('closes the log of an endpoint that is deleted', async () => {
    const answer = attemptsInFlight();
    const loading = openLog('e1');
    answer('e1', [attempt('a', 'e1', '2026-11-27T10:00:00.000Z')]);
    await loading;
    endpoints.upsert({ _id: 'e1' } as WebhookEndpoint);
    forgetEndpoint('e1');
    expect(store.get(openLogAtom)).toBeNull();
    expect(store.get(deliveryLogAtom)).toEqual([]);
    expect(store.get(endpoints.value)).toEqual([]);
  });
});
