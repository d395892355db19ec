import type { WebhookAttempt, WebhookEndpoint } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../lib/store';
import { errorMessage } from '../../lib/api';
import { pagedLoadable } from '../../lib/loadable';

const FETCH_FAILED = 'Failed to fetch endpoints';
const LOG_FAILED = 'Failed to fetch delivery log';

/** The company's webhook endpoints (every company's for the superadmin), as the list fetch and webhook.updated leave them. */
export const endpoints = pagedLoadable<WebhookEndpoint>({
  failure: FETCH_FAILED,
  describe: (error) => errorMessage(error, FETCH_FAILED),
  toastId: 'webhooks-fetch',
});
export const endpointsAtom = endpoints.value;
export const endpointsStatusAtom = endpoints.status;
export const endpointsErrorAtom = endpoints.error;
export const endpointsPage = endpoints.page;

/** Newest first, as the server pages them. */
export const sortedEndpointsAtom = atom((get) => [...get(endpointsAtom)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)));

/** The endpoint whose delivery log is open (one at a time), or null. */
export const openLogAtom = atom<string | null>(null);
onSessionReset(() => store.set(openLogAtom, null));

/** The open delivery log's attempts, newest first; live attempts for that endpoint (webhook.attempted, webhook.deliveries) go on top. */
export const deliveryLog = pagedLoadable<WebhookAttempt>({
  failure: LOG_FAILED,
  describe: (error) => errorMessage(error, LOG_FAILED),
  toastId: 'webhook-log-fetch',
});
export const deliveryLogAtom = deliveryLog.value;
export const deliveryLogStatusAtom = deliveryLog.status;
export const deliveryLogPage = deliveryLog.page;

/** Newest first: a live attempt or a redelivery lands on top even if it raced a page load. */
export const sortedDeliveryLogAtom = atom((get) => [...get(deliveryLogAtom)].sort((a, b) => b.at.localeCompare(a.at) || b._id.localeCompare(a._id)));
