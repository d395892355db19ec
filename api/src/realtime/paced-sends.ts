import type { AnyEnvelope } from '@kpi/contracts';
import { emitEvent, type RealtimeServer } from './emit';

/**
 * How many sockets one turn of the event loop writes an event to. A write is a system call per socket, about
 * 25 µs here: a company of 900 took the node 20–30 ms in one piece, and every request and database answer waited
 * behind it (docs/scale-out.md, "Large rooms in slices"). 128 sockets are about 3 ms.
 */
export const SEND_SLICE = 128;

type Step =
  | { kind: 'send'; server: RealtimeServer; envelope: AnyEnvelope; targets: string[]; next: number }
  | { kind: 'then'; run: () => void };

/**
 * Sends events to this node's sockets a slice at a time, so that an event for a large room does not hold the
 * event loop while it is written to every socket. Per stream, sends go out in the order they were asked for: an
 * event waits behind the earlier events of its stream that are still going out, so every socket still gets a
 * stream's events in sequence order. Streams do not wait for one another (each socket follows one stream).
 * Who gets an event is decided when it is sent for (the room's sockets then, less `skip`), exactly as an
 * immediate send would; a room no larger than a slice, with nothing of its stream waiting, goes out at once.
 * Only Socket.IO's public API: the adapter's `rooms` and `local.to(...)`, each socket being a room of its own id.
 */
export class PacedSends {
  private readonly queues = new Map<string, Step[]>();
  private scheduled = false;

  /**
   * @param slice sockets written to in one turn
   * @param later runs the next turn (setImmediate: after the I/O that is ready, so requests get their turn)
   */
  constructor(
    private readonly slice = SEND_SLICE,
    private readonly later: (turn: () => void) => void = (turn) => setImmediate(turn),
  ) {}

  /** Sends `envelope` to this node's sockets in `room`, but those in `skip`, after the earlier sends of `stream`. */
  send(server: RealtimeServer, stream: string, room: string, skip: readonly string[], envelope: AnyEnvelope): void {
    const members = server.sockets.adapter.rooms.get(room);
    if (!members?.size) return;
    const queue = this.queues.get(stream);
    if (!queue && members.size <= this.slice) {
      emitEvent(skip.length ? server.local.to(room).except([...skip]) : server.local.to(room), envelope);
      return;
    }
    const skipped = new Set(skip);
    const targets: string[] = [];
    for (const id of members) if (!skipped.has(id)) targets.push(id);
    this.push(stream, { kind: 'send', server, envelope, targets, next: 0 });
  }

  /** Runs `run` once everything already sent for `streams` has gone out (at once if nothing is waiting). */
  afterSent(streams: Iterable<string>, run: () => void): void {
    const busy = [...new Set(streams)].filter((stream) => this.queues.has(stream));
    if (!busy.length) return run();
    let left = busy.length;
    for (const stream of busy) this.push(stream, { kind: 'then', run: () => --left === 0 && run() });
  }

  /** Whether anything is still waiting to go out. */
  get pending(): boolean {
    return this.queues.size > 0;
  }

  clear(): void {
    this.queues.clear();
  }

  private push(stream: string, step: Step): void {
    const queue = this.queues.get(stream);
    if (queue) return void queue.push(step);
    // Nothing of this stream was waiting: its first slice goes out now, as an immediate send would.
    this.queues.set(stream, [step]);
    this.turn(stream);
    if (this.queues.size) this.schedule();
  }

  /** One slice a turn, shared by the streams with sends waiting, each in turn (a stream served moves to the back). */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      let budget = this.slice;
      for (const stream of [...this.queues.keys()]) {
        if (budget <= 0) break;
        const queue = this.queues.get(stream)!;
        this.queues.delete(stream);
        this.queues.set(stream, queue);
        budget = this.turn(stream, budget);
      }
      if (this.queues.size) this.schedule();
    });
  }

  /** Up to `budget` sockets of `stream`'s waiting sends, and what was waiting for them; returns what is left of it. */
  private turn(stream: string, budget = this.slice): number {
    const queue = this.queues.get(stream);
    if (!queue) return budget;
    while (queue.length && (budget > 0 || queue[0].kind === 'then')) {
      const step = queue[0];
      if (step.kind === 'then') {
        queue.shift();
        step.run();
        continue;
      }
      const ids = step.targets.slice(step.next, step.next + budget);
      step.next += ids.length;
      budget -= ids.length;
      if (ids.length) emitEvent(step.server.local.to(ids), step.envelope);
      if (step.next >= step.targets.length) queue.shift();
    }
    if (!queue.length) this.queues.delete(stream);
    return budget;
  }
}
