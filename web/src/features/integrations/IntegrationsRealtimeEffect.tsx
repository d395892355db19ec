import { useEffect } from 'react';
import { store } from '../../lib/store';
import { onEvent, onLive, onNote, onResync } from '../../lib/socket';
import { applyAttempt, applyEndpoint, forgetEndpoint, loadEndpoints, openLog } from './actions';
import { endpointsStatusAtom, openLogAtom } from './atoms';

/**
 * Applies webhook.* events (sent to the company's admins) to the Integrations screen: an attempt (a test, a
 * redelivery, or the dispatcher's deliveries, which come as a live note) lands on top of the open delivery log, an
 * endpoint's state (paused by failures, resumed, retrying) changes in the list, and an endpoint deleted in another
 * tab leaves it. Live notes are not replayed: the open log is fetched again whenever the socket is live again.
 */
export function IntegrationsRealtimeEffect() {
  useEffect(() => {
    const offs = [
      onEvent('webhook.attempted', ({ payload }) => applyAttempt(payload.attempt)),
      onNote('webhook.deliveries', ({ attempts }) => attempts.forEach(applyAttempt)),
      onEvent('webhook.updated', ({ payload }) => {
        if (store.get(endpointsStatusAtom) !== 'idle') applyEndpoint(payload.endpoint);
      }),
      onEvent('webhook.deleted', ({ payload }) => forgetEndpoint(payload.endpointId)),
      onResync(() => {
        if (store.get(endpointsStatusAtom) !== 'idle') void loadEndpoints({ quiet: true });
      }),
      onLive(() => {
        const open = store.get(openLogAtom);
        if (open) void openLog(open, { quiet: true });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
