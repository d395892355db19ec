import type { ChangePasswordResponse, User } from '@kpi/contracts';
import { resetSessionData, store } from '../lib/store';
import { ApiError, TOKEN_KEY, clearToken, getToken, setToken, setUnauthorizedHandler } from '../lib/api';
import { authApi } from './api';
import { sessionStatusAtom, sessionUserAtom } from './atoms';

// The socket module (and socket.io-client) is loaded only once someone is signed in,
// so the sign-in page stays small.
type SocketModule = typeof import('../lib/socket');
let socketModule: Promise<SocketModule> | null = null;
const loadSocket = (): Promise<SocketModule> => (socketModule ??= import('../lib/socket'));

/** Bumped on every sign-in and sign-out, so a late async step of an old session does nothing. */
let generation = 0;
let pendingTokenChange: Promise<unknown> | null = null;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startSession(user: User): void {
  const current = ++generation;
  store.set(sessionUserAtom, user);
  // Start from clean feature data whose defaults (e.g. the current period in the company's zone) fit this user.
  resetSessionData();
  void loadSocket().then((socket) => {
    if (current !== generation) return;
    socket.setConnectionGuard(revalidateSession);
    socket.connectSocket(user._id);
  });
}

/** Ends the session locally: token, user, socket and every feature's data. Route guards then go to /login. */
export function clearSession(): void {
  generation++;
  clearToken();
  store.set(sessionUserAtom, null);
  store.set(sessionStatusAtom, 'ready');
  if (socketModule) void socketModule.then((socket) => socket.disconnectSocket());
  resetSessionData();
}

/** At start: verify a stored token and load the user; a failed check deletes the token. */
export async function initSession(): Promise<void> {
  setUnauthorizedHandler(clearSession);
  // Signing out in another tab signs out this one too.
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY && event.newValue === null && store.get(sessionUserAtom)) clearSession();
  });

  if (!getToken()) {
    store.set(sessionStatusAtom, 'ready');
    return;
  }
  try {
    const { user } = await authApi.verify();
    startSession(user);
  } catch {
    clearToken();
  } finally {
    store.set(sessionStatusAtom, 'ready');
  }
}

export async function login(email: string, password: string): Promise<User> {
  return signedIn(await authApi.login({ email, password }));
}

/** Starts the session a sign-in answered with (a password, an invitation link, single sign-on). */
export function signedIn({ token, user }: { token: string; user: User }): User {
  setToken(token);
  startSession(user);
  return user;
}

/** Chooses a password through an invitation or reset link, and signs in with it. */
export async function setPasswordWithLink(token: string, password: string): Promise<User> {
  return signedIn(await authApi.redeemLink({ token, password }));
}

/** Where signing out of the app also ends the identity provider's session (single sign-on only). */
const SSO_LOGOUT_KEY = 'sso-logout';

/** Signs out here; after a single sign-on, the provider's end-session page next (it comes back to /login). */
export function logout(): void {
  const providerLogout = localStorage.getItem(SSO_LOGOUT_KEY);
  localStorage.removeItem(SSO_LOGOUT_KEY);
  clearSession();
  if (providerLogout) window.location.assign(providerLogout);
}

/**
 * Leaves for the identity provider of the company that owns the email's domain; it sends the browser back
 * through the api to /sso.
 */
export async function startSingleSignOn(email: string): Promise<void> {
  const { authorizationUrl } = await authApi.startSso({ email });
  window.location.assign(authorizationUrl);
}

/** /sso: the provider's answer, passed by the api in the fragment. Signs in with its token. */
export async function finishSingleSignOn(token: string, providerLogout: string | null): Promise<User> {
  setToken(token);
  let user: User;
  try {
    ({ user } = await authApi.verify());
  } catch (error) {
    clearToken();
    throw error;
  }
  if (providerLogout) localStorage.setItem(SSO_LOGOUT_KEY, providerLogout);
  startSession(user);
  return user;
}

/** Merges a partial update into the session user (local edits, live user.updated). */
export function updateSessionUser(patch: Partial<User>): void {
  store.set(sessionUserAtom, (user) => (user ? { ...user, ...patch } : user));
}

/**
 * Changes the password. The server ends every other session and answers with a fresh token for this one:
 * store it and reconnect the socket with it.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<ChangePasswordResponse> {
  const request = authApi.changePassword({ currentPassword, newPassword });
  pendingTokenChange = request;
  try {
    const response = await request;
    setToken(response.token);
    updateSessionUser({ mustChangePassword: false });
    if (socketModule) void socketModule.then((socket) => socket.reconnectSocket());
    return response;
  } catch (error) {
    // A 401 may be a wrong current password or a dead session: only the latter signs out.
    if (error instanceof ApiError && error.status === 401) void revalidateSession();
    throw error;
  } finally {
    if (pendingTokenChange === request) pendingTokenChange = null;
  }
}

/**
 * Checks that the stored token still opens a session (after the server dropped the socket or sent
 * session.revoked). True: keep going, and the user record is refreshed. False: the session was cleared.
 */
export async function revalidateSession(): Promise<boolean> {
  if (pendingTokenChange) await pendingTokenChange.catch(() => undefined);
  const current = generation;
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = getToken();
    if (!token) break;
    try {
      const { user } = await authApi.verify();
      if (current === generation) store.set(sessionUserAtom, user);
      return current === generation;
    } catch (error) {
      // The api is unreachable: that is not a verdict on the session, let the socket retry later.
      if (!(error instanceof ApiError) || error.status !== 401) return current === generation;
      // Another tab of this browser may be storing a new token (password change) right now: wait once.
      await delay(1500);
      if (getToken() === token) break;
    }
  }
  if (current === generation) clearSession();
  return false;
}
