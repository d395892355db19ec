import { io, type Socket } from 'socket.io-client';
import { EVENT_TYPES, LIVE_NOTE_TYPES, type AnyEnvelope, type EventEnvelope, type EventType, type HandshakeAuth, type LiveNotes, type LiveNoteType, type ServerControl, paceReconnects, RECONNECT_BACKOFF } from '@kpi/contracts';
import { store } from './store';
import { getToken } from './api';
import { backoffDelay } from './backoff';
import { connectionAtom, wasOffline } from './connection';
import { createEventTracker, type EventTracker, type SeqStorage } from './eventTracker';

type EventHandler<K extends EventType> = (envelope: EventEnvelope<K>) => void;
type AnyHandler = (envelope: AnyEnvelope) => void;

const handlers = new Map<EventType, Set<AnyHandler>>();
const resyncHandlers = new Set<() => void>();
const noteHandlers = new Map<LiveNoteType, Set<(note: unknown) => void>>();
const liveHandlers = new Set<() => void>();

let socket: Socket | null = null;
let socketUserId: string | null = null;
let tracker: EventTracker | null = null;
let guard: (() => Promise<boolean>) | null = null;
let recovering = false;
let retryAttempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Whether the latest handshake carried a `since`; without one the server has nothing to replay. */
let handshakeHadSince = false;

const KNOWN_TYPES = new Set<string>(EVENT_TYPES);

function sessionStore(): SeqStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isEnvelope = (value: unknown): value is AnyEnvelope => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.seq === 'number' && typeof v.type === 'string' && KNOWN_TYPES.has(v.type);
};

function deliver(type: EventType, envelope: unknown): void {
  if (!tracker || !isEnvelope(envelope) || envelope.type !== type) return;
  if (!tracker.accept(envelope)) return;
  handlers.get(type)?.forEach((handler) => {
    try {
      handler(envelope);
    } catch (error) {
      console.error(`Realtime handler for ${type} failed`, error);
    }
  });
}

/** Subscribes to one event type; returns the unsubscribe. Used by the renderless *RealtimeEffect components. */
export function onEvent<K extends EventType>(type: K, handler: EventHandler<K>): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  // Delivery checks envelope.type === type, so the handler only ever sees its own event.
  const h = handler as unknown as AnyHandler;
  set.add(h);
  return () => {
    set.delete(h);
  };
}

/**
 * Subscribes to one kind of live note (contracts' LiveNotes): news outside the event log, never replayed, so a
 * screen that shows them also refetches on `onLive`. Returns the unsubscribe.
 */
export function onNote<K extends LiveNoteType>(type: K, handler: (note: LiveNotes[K]) => void): () => void {
  let set = noteHandlers.get(type);
  if (!set) noteHandlers.set(type, (set = new Set()));
  const h = handler as (note: unknown) => void;
  set.add(h);
  return () => {
    set.delete(h);
  };
}

/** Called each time the socket is live again (every sync and resync): the live notes missed meanwhile are not replayed. */
export function onLive(handler: () => void): () => void {
  liveHandlers.add(handler);
  return () => {
    liveHandlers.delete(handler);
  };
}

function deliverNote(type: LiveNoteType, note: unknown): void {
  if (typeof note !== 'object' || note === null) return;
  noteHandlers.get(type)?.forEach((handler) => {
    try {
      handler(note);
    } catch (error) {
      console.error(`Live note handler for ${type} failed`, error);
    }
  });
}

/** Called when the server can no longer replay what was missed: whoever shows data refetches it. */
export function onResync(handler: () => void): () => void {
  resyncHandlers.add(handler);
  return () => {
    resyncHandlers.delete(handler);
  };
}

/**
 * Decides whether to reconnect after the server dropped or refused us (token changed, session revoked).
 * Returns true when the session is still valid.
 */
export function setConnectionGuard(check: () => Promise<boolean>): void {
  guard = check;
}

function scheduleReconnect(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => socket?.connect(), backoffDelay(retryAttempt++));
}

/** The indicator's state: lost keeps the moment the server was first missed, until the socket is live again. */
function markLost(): void {
  if (store.get(connectionAtom).kind !== 'lost') store.set(connectionAtom, { kind: 'lost', since: Date.now() });
}

/** Live again after `sync` or `resync`; true when the screens should refetch (the socket was away long). */
function markLive(): boolean {
  const longAway = wasOffline(store.get(connectionAtom), Date.now());
  store.set(connectionAtom, { kind: 'live' });
  return longAway;
}

async function recover(target: Socket): Promise<void> {
  if (recovering || !guard) return;
  recovering = true;
  try {
    const valid = await guard();
    if (valid && socket === target && !target.connected) scheduleReconnect();
  } finally {
    recovering = false;
  }
}

/** Opens the one realtime connection for the signed-in user (same origin, /socket.io). */
export function connectSocket(userId: string): void {
  if (socket && socketUserId === userId) {
    if (!socket.connected && !socket.active) socket.connect();
    return;
  }
  disconnectSocket();

  socketUserId = userId;
  tracker = createEventTracker(sessionStore(), `kpi.lastSeq.${userId}`);
  retryAttempt = 0;
  store.set(connectionAtom, { kind: 'connecting' });

  const s: Socket = io({
    // A function, so every (re)connect sends the current token and the last applied sequence.
    auth: (cb) => {
      // The missed events in one message (contracts' HandshakeAuth).
      const auth: HandshakeAuth = { token: getToken() ?? '', replay: 'batch' };
      if (tracker?.lastSeq !== undefined) auth.since = tracker.lastSeq;
      handshakeHadSince = auth.since !== undefined;
      cb(auth);
    },
    transports: ['websocket'],
    // Network drops and restarts are retried by socket.io itself: doubling, jittered delays, kept short while
    // the outage is young (contracts' RECONNECT_BACKOFF).
    ...RECONNECT_BACKOFF,
  });
  paceReconnects(s.io);
  socket = s;

  for (const type of EVENT_TYPES) {
    s.on(type, (envelope: unknown) => deliver(type, envelope));
  }
  for (const type of LIVE_NOTE_TYPES) {
    s.on(type, (note: unknown) => deliverNote(type, note));
  }
  s.on('replay', (envelopes: unknown) => {
    if (!Array.isArray(envelopes)) return;
    for (const envelope of envelopes) {
      if (isEnvelope(envelope)) deliver(envelope.type, envelope);
    }
  });
  s.on('sync', (data: ServerControl['sync']) => {
    if (typeof data?.seq === 'number') tracker?.advanceTo(data.seq);
    const longAway = markLive();
    // A first connection has no sequence to replay from: anything committed between the screens' first
    // fetch and this moment would be lost, so whoever shows data refetches it once, quietly. After a long
    // absence too: the replay brings every event, but not what time changed meanwhile (overdue tasks).
    if (!handshakeHadSince || longAway) resyncHandlers.forEach((handler) => handler());
    liveHandlers.forEach((handler) => handler());
  });
  s.on('resync', (data: ServerControl['resync']) => {
    if (typeof data?.seq === 'number') tracker?.advanceTo(data.seq);
    markLive();
    resyncHandlers.forEach((handler) => handler());
    liveHandlers.forEach((handler) => handler());
  });
  s.on('connect', () => {
    retryAttempt = 0;
  });
  s.on('disconnect', (reason) => {
    markLost();
    // The server only drops us on purpose (password changed, session revoked): socket.io will not retry.
    if (reason === 'io server disconnect') void recover(s);
  });
  s.on('connect_error', () => {
    markLost();
    // A refused handshake (bad token) is not retried by socket.io; network errors are (s.active stays true).
    if (!s.active) void recover(s);
  });
}

/** Reconnects with the token now stored (after a password change issued a new one). */
export function reconnectSocket(): void {
  if (!socket) return;
  clearTimeout(retryTimer);
  retryAttempt = 0;
  socket.disconnect();
  socket.connect();
}

/** Closes the connection and forgets the sequence (logout). */
export function disconnectSocket(): void {
  clearTimeout(retryTimer);
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
  }
  tracker?.reset();
  store.set(connectionAtom, { kind: 'connecting' });
  socket = null;
  socketUserId = null;
  tracker = null;
}
