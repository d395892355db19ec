import { io, type Socket } from 'socket.io-client';
import { paceReconnects, RECONNECT_BACKOFF, type EventEnvelope } from '@kpi/contracts';

/**
 * A test client that behaves like the web client: one socket, reconnecting by itself with jittered backoff,
 * sending the last sequence it applied as `since`, taking its replay in one message, and applying each event once
 * (dedupe by id).
 */
export class LiveClient {
  readonly socket: Socket;
  /** Events applied, in the order they were applied. */
  readonly applied: EventEnvelope[] = [];
  /** Events that arrived again (same id) and were dropped. */
  duplicatesDropped = 0;
  /** `resync` answers: the replay could not cover the gap, the screen would refetch. */
  resyncs = 0;
  disconnects = 0;
  /** The head the first `sync` reported: everything after it is what this client must end up with. */
  firstSync: number | null = null;
  lastSeq: number | undefined;
  /** When the latest `sync`/`resync` came (ms), and whether the socket is synced now. */
  syncedAt = 0;
  synced = false;
  /** When the latest reconnect attempt began (ms): the one that succeeded, once synced again. */
  attemptAt = 0;
  private readonly ids = new Set<string>();

  constructor(
    url: string,
    readonly token: string,
    readonly label: string,
  ) {
    this.socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      // The web client's reconnection (contracts' RECONNECT_BACKOFF, paced by paceReconnects).
      ...RECONNECT_BACKOFF,
      // As the web client asks: the missed events in one `replay` message.
      auth: (cb) => cb(this.lastSeq === undefined ? { token, replay: 'batch' } : { token, since: this.lastSeq, replay: 'batch' }),
    });
    this.socket.onAny((type: string, payload: unknown) => {
      if (type === 'sync' || type === 'resync') return this.onSync(type, (payload as { seq: number }).seq);
      if (type === 'replay') return (payload as EventEnvelope[]).forEach((envelope) => this.apply(envelope));
      this.apply(payload as EventEnvelope);
    });
    paceReconnects(this.socket.io);
    this.socket.io.on('reconnect_attempt', () => {
      this.attemptAt = Date.now();
    });
    this.socket.on('disconnect', () => {
      this.disconnects++;
      this.synced = false;
    });
  }

  private apply(envelope: EventEnvelope): void {
    if (!envelope || typeof envelope.id !== 'string' || typeof envelope.seq !== 'number') return;
    if (this.ids.has(envelope.id)) return void this.duplicatesDropped++;
    this.ids.add(envelope.id);
    this.applied.push(envelope);
    if (this.lastSeq === undefined || envelope.seq > this.lastSeq) this.lastSeq = envelope.seq;
  }

  private onSync(kind: 'sync' | 'resync', seq: number): void {
    if (kind === 'resync') this.resyncs++;
    if (this.firstSync === null) this.firstSync = seq;
    if (this.lastSeq === undefined || seq > this.lastSeq) this.lastSeq = seq;
    this.synced = true;
    this.syncedAt = Date.now();
  }

  close(): void {
    this.socket.close();
  }
}

/** Resolves once every client is synced (or throws after `timeoutMs`, naming how many are not). */
export async function allSynced(clients: LiveClient[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (clients.some((c) => !c.synced)) {
    if (Date.now() > deadline) throw new Error(`${clients.filter((c) => !c.synced).length} of ${clients.length} clients not synced after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
