import type { AnyEnvelope } from '@kpi/contracts';
import type { Socket } from 'socket.io';
import { ReplaySender } from './replay-sender';

const event = (seq: number) => ({ id: `e${seq}`, seq, type: 'announcement.created' }) as unknown as AnyEnvelope;

/** A target that records what it was sent, named after the sockets it stands for. */
function recorder() {
  const sent: string[] = [];
  const target = (name: string) => ({
    emit: (type: string, message: unknown) => {
      const seqs = type === 'sync' ? (message as { seq: number }).seq : type === 'replay' ? (message as AnyEnvelope[]).map((e) => e.seq).join(',') : (message as AnyEnvelope).seq;
      sent.push(`${name} ${type} ${seqs}`);
      return true;
    },
  });
  const socket = (id: string, connected = true) => ({ id, connected, ...target(id) }) as unknown as Socket;
  return { sent, socket, to: (ids: string[]) => target(`[${ids.join(',')}]`) };
}

describe('replays sent together', () => {
  it('sends one broadcast per event to the sockets with the same replay, and each socket its own otherwise', async () => {
    const { sent, socket, to } = recorder();
    const sender = new ReplaySender(to);
    const same = [event(4), event(5)];
    await Promise.all([
      sender.send(socket('a'), same, 5),
      sender.send(socket('b'), [...same], 5),
      sender.send(socket('c'), [event(5)], 5),
      sender.send(socket('d'), same, 6),
      sender.send(socket('gone', false), same, 5),
    ]);
    expect(sent).toEqual([
      '[a,b] announcement.created 4',
      '[a,b] announcement.created 5',
      '[a,b] sync 5',
      'c announcement.created 5',
      'c sync 5',
      'd announcement.created 4',
      'd announcement.created 5',
      'd sync 6',
    ]);
  });

  it('resolves each send only after its sync is out, and later replays form a batch of their own', async () => {
    const { sent, socket, to } = recorder();
    const sender = new ReplaySender(to);
    await sender.send(socket('a'), [event(1)], 1);
    expect(sent).toEqual(['a announcement.created 1', 'a sync 1']);
    await sender.send(socket('b'), [event(1)], 1);
    expect(sent.slice(2)).toEqual(['b announcement.created 1', 'b sync 1']);
  });

  it('sends a client that asked for it its whole replay in one message, shared as the per-event ones are', async () => {
    const { sent, socket, to } = recorder();
    const sender = new ReplaySender(to);
    const same = [event(4), event(5)];
    await Promise.all([
      sender.send(socket('a'), same, 5, 'batch'),
      sender.send(socket('b'), [...same], 5, 'batch'),
      // The same events to a client without it: a group of its own, one message per event.
      sender.send(socket('c'), same, 5, 'each'),
      // Nothing missed: `sync` alone.
      sender.send(socket('d'), [], 5, 'batch'),
    ]);
    expect(sent).toEqual(['[a,b] replay 4,5', '[a,b] sync 5', 'c announcement.created 4', 'c announcement.created 5', 'c sync 5', 'd sync 5']);
  });
});
