import type { WebhookAttempt, WebhookEndpoint } from '@kpi/contracts';
import { store } from '../../lib/store';
import { deleteWithToasts } from '../../components/deletion';
import { webhooksApi } from './api';
import { deliveryLog, endpoints, openLogAtom } from './atoms';

/** Fetches the endpoints. `quiet`: no spinner and no toast (live refresh, resync). */
export async function loadEndpoints({ quiet = false } = {}): Promise<void> {
  await endpoints.load(() => webhooksApi.list(), { quiet });
}

export const loadMoreEndpoints = (): Promise<void> => endpoints.loadMore((cursor) => webhooksApi.list(cursor));

/** A created, edited, paused or resumed endpoint (from an answer or a webhook.updated event). */
export const applyEndpoint = (endpoint: WebhookEndpoint, prepend = false): void => endpoints.upsert(endpoint, prepend);

export function forgetEndpoint(id: string): void {
  endpoints.forget(id);
  if (store.get(openLogAtom) === id) closeLog();
}

export const deleteEndpoint = (endpoint: WebhookEndpoint): Promise<void> =>
  deleteWithToasts({
    call: () => webhooksApi.remove(endpoint._id),
    forget: () => forgetEndpoint(endpoint._id),
    deleted: 'Endpoint deleted successfully',
    failed: 'Failed to delete endpoint',
    reload: () => void loadEndpoints({ quiet: true }),
  });

/** Opens the delivery log of one endpoint (closing another's) and fetches its newest attempts. */
export async function openLog(endpointId: string, { quiet = false } = {}): Promise<void> {
  if (store.get(openLogAtom) !== endpointId) {
    deliveryLog.reset();
    store.set(openLogAtom, endpointId);
  }
  await deliveryLog.load(() => webhooksApi.attempts(endpointId), { quiet });
}

export function closeLog(): void {
  store.set(openLogAtom, null);
  deliveryLog.reset();
}

export function loadMoreAttempts(): Promise<void> {
  const id = store.get(openLogAtom);
  return id ? deliveryLog.loadMore((cursor) => webhooksApi.attempts(id, cursor)) : Promise.resolve();
}

/** An attempt (live, or the answer to a test or redelivery) goes on top of the log if that endpoint's log is open. */
export function applyAttempt(attempt: WebhookAttempt): void {
  if (store.get(openLogAtom) === attempt.endpoint) deliveryLog.upsert(attempt, true);
}
