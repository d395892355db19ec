import { useEffect } from 'react';
import { store } from '../lib/store';
import { getToken } from '../lib/api';
import { onEvent } from '../lib/socket';
import { sessionUserAtom } from './atoms';
import { revalidateSession } from './session';
import { survivesRevocation } from './tokenVersion';

/**
 * Keeps the session user in step with the server: their own record (user.updated) and revocations.
 * session.revoked carries the new token version: the tab that changed the password already holds a token
 * of that version and ignores it. Any other tab asks the server, which ends its session (→ /login) unless
 * another tab of this browser has just stored the new token.
 */
export function SessionRealtimeEffect() {
  useEffect(() => {
    const isMe = (userId: string) => store.get(sessionUserAtom)?._id === userId;
    const offs = [
      onEvent('user.updated', ({ payload }) => {
        if (isMe(payload.user._id)) store.set(sessionUserAtom, payload.user);
      }),
      onEvent('admin.updated', ({ payload }) => {
        if (isMe(payload.user._id)) store.set(sessionUserAtom, payload.user);
      }),
      onEvent('session.revoked', ({ payload }) => {
        if (!survivesRevocation(getToken(), payload.tokenVersion)) void revalidateSession();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
