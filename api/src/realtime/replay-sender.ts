import type { AnyEnvelope } from '@kpi/contracts';
import type { Socket } from 'socket.io';
import { emitControl, emitEvent, type SocketTarget } from './emit';

/** What `to` gives: one target for the given socket ids on this node (Socket.IO's `server.local.to(ids)`). */
export type SocketsTarget = (socketIds: string[]) => SocketTarget;

/** How a client takes its replay: one message per event, or all of them in one `replay` message (HandshakeAuth). */
export type ReplayForm = 'each' | 'batch';

interface Waiting {
  socket: Socket;
  events: AnyEnvelope[];
  seq: number;
  form: ReplayForm;
  sent: () => void;
}

/** Sockets with the same replay: the same events, in the same order, up to the same head, in the same form. */
const replayKey = ({ events, seq, form }: Waiting) => `${form} ${seq} ${events.map((e) => e.id).join(' ')}`;

/**
 * Sends each socket its replay and then `sync`. A client that asked for it gets its missed events in one `replay`
 * message: a restarted node replaying a few hundred events to each of 1,000 sockets spent most of its time on the
 * sockets' writes, one frame per event per socket (docs/scale-out.md, "Replays in one message, and the storm with
 * its load held"). The replays ready in the same turn of the event loop go out together: the sockets that get the
 * same replay share one broadcast (Socket.IO encodes a broadcast's packet once for all its sockets). After a
 * restart an office's sockets come back together and share their replay reads (replay.service.ts), so many of
 * them get the same events. Otherwise every socket would encode every replayed event again, which was the
 * restarted node's largest cost of its own in a reconnect storm (docs/scale-out.md, "Where a client's wait goes").
 */
export class ReplaySender {
  private waiting: Waiting[] = [];

  constructor(private readonly to: SocketsTarget) {}

  /** Resolves once the replay and its `sync` are sent (or the socket has gone meanwhile). */
  send(socket: Socket, events: AnyEnvelope[], seq: number, form: ReplayForm = 'each'): Promise<void> {
    return new Promise((sent) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ socket, events, seq, form, sent });
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    const groups = new Map<string, Waiting[]>();
    for (const item of batch) {
      if (!item.socket.connected) continue;
      const key = replayKey(item);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    for (const group of groups.values()) {
      const [{ socket, events, seq, form }] = group;
      const target = group.length === 1 ? socket : this.to(group.map((item) => item.socket.id));
      if (form === 'batch') {
        if (events.length > 0) emitControl(target, 'replay', events);
      } else {
        for (const envelope of events) emitEvent(target, envelope);
      }
      emitControl(target, 'sync', { seq });
    }
    for (const item of batch) item.sent();
  }
}
