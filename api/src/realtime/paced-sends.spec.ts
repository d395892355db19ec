import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyEnvelope } from '@kpi/contracts';
import { Server, type Socket } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import type { RealtimeServer } from './emit';
import { PacedSends } from './paced-sends';

const envelope = (seq: number, companyId = 'c1'): AnyEnvelope =>
  ({ id: `${companyId}-e${seq}`, seq, type: 'leaderboard.updated', at: '2026-11-20T10:00:00.000Z', companyId, payload: { period: { year: 2026, month: 11 }, top10: [], totalExecutives: 1 } });

/** PacedSends on a real Socket.IO server and real clients, two sockets a slice, its turns run by the test. */
describe('PacedSends', () => {
  let server: RealtimeServer;
  let url: string;
  let sends: PacedSends;
  /** Turns the sender asked for, run by `nextTurn`. */
  let turns: (() => void)[] = [];
  const clients: ClientSocket[] = [];
  const sockets = new Map<string, Socket>();

  beforeAll(async () => {
    const http = createServer();
    server = new Server(http) as RealtimeServer;
    server.on('connection', (socket) => {
      const { name, rooms } = socket.handshake.auth as { name: string; rooms: string[] };
      void socket.join(rooms);
      sockets.set(name, socket);
      socket.emit('sync', { seq: 0 });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    turns = [];
    sends = new PacedSends(2, (turn) => turns.push(turn));
  });
  afterEach(() => {
    clients.splice(0).forEach((c) => c.close());
    sockets.clear();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A client in `rooms`, recording the events it receives as `company:seq`. */
  const connect = async (name: string, rooms: string[]) => {
    const client = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { name, rooms } });
    clients.push(client);
    const got: string[] = [];
    client.on('leaderboard.updated', (e: AnyEnvelope) => got.push(`${e.companyId}:${e.seq}`));
    await new Promise((resolve) => client.once('sync', resolve));
    return got;
  };
  const office = async (count: number, room = 'company:c1') => {
    const got: string[][] = [];
    for (let i = 0; i < count; i++) got.push(await connect(`${room}-${i}`, [room]));
    return got;
  };
  /** Resolves once every client got a marker sent now, so whatever was written before it has arrived. */
  const settled = async () => {
    const marks = clients.filter((c) => c.connected).map((c) => new Promise((resolve) => c.once('marker', resolve)));
    for (const socket of sockets.values()) if (socket.connected) socket.emit('marker');
    await Promise.all(marks);
  };
  const nextTurn = () => turns.shift()!();
  const received = (got: string[][]) => got.filter((g) => g.length > 0).length;

  it('writes a room larger than a slice one slice a turn, to the sockets in it when the event was sent', async () => {
    const got = await office(5);
    sends.send(server, 'c1', 'company:c1', [], envelope(1));
    const late = await connect('late', ['company:c1']);
    await settled();
    expect(received(got)).toBe(2);
    nextTurn();
    await settled();
    expect(received(got)).toBe(4);
    nextTurn();
    await settled();
    expect(got).toEqual([['c1:1'], ['c1:1'], ['c1:1'], ['c1:1'], ['c1:1']]);
    expect(late).toEqual([]);
    expect(turns).toHaveLength(0);
    expect(sends.pending).toBe(false);
  });

  it('leaves out the skipped sockets, and sends a room no larger than a slice at once', async () => {
    const got = await office(4);
    const skipped = sockets.get('company:c1-0')!.id;
    sends.send(server, 'c1', 'company:c1', [skipped], envelope(1));
    nextTurn();
    await settled();
    expect(got).toEqual([[], ['c1:1'], ['c1:1'], ['c1:1']]);
    const pair = await office(2, 'company:c2');
    sends.send(server, 'c2', 'company:c2', [], envelope(7, 'c2'));
    await settled();
    expect(pair).toEqual([['c2:7'], ['c2:7']]);
    expect(turns).toHaveLength(0);
  });

  it("keeps a stream's order: a later event waits behind the slices still going out, another stream's does not", async () => {
    const got = await office(5);
    const other = await connect('other', ['company:c2']);
    sends.send(server, 'c1', 'company:c1', [], envelope(1));
    // The last socket of the room, on its own: its event comes after the room's, though its room is small.
    sends.send(server, 'c1', sockets.get('company:c1-4')!.id, [], envelope(2));
    sends.send(server, 'c2', 'company:c2', [], envelope(1, 'c2'));
    await settled();
    expect(got[4]).toEqual([]);
    expect(other).toEqual(['c2:1']);
    while (turns.length) nextTurn();
    await settled();
    expect(got[4]).toEqual(['c1:1', 'c1:2']);
    expect(got.slice(0, 4)).toEqual([['c1:1'], ['c1:1'], ['c1:1'], ['c1:1']]);
  });

  it('writes one slice a turn in all, the streams waiting taking turns', async () => {
    const first = await office(4, 'company:c1');
    const second = await office(4, 'company:c2');
    sends.send(server, 'c1', 'company:c1', [], envelope(1));
    sends.send(server, 'c2', 'company:c2', [], envelope(1, 'c2'));
    await settled();
    expect([received(first), received(second)]).toEqual([2, 2]);
    nextTurn();
    await settled();
    expect([received(first), received(second)]).toEqual([4, 2]);
    nextTurn();
    await settled();
    expect([received(first), received(second)]).toEqual([4, 4]);
    expect(turns).toHaveLength(0);
  });

  it('runs what waits for a stream once its earlier sends are out, and at once when nothing waits', async () => {
    await office(5);
    const ran: string[] = [];
    sends.afterSent(['c1'], () => ran.push('idle'));
    expect(ran).toEqual(['idle']);
    sends.send(server, 'c1', 'company:c1', [], envelope(1));
    sends.afterSent(['c1', 'c2', 'c1'], () => ran.push('after c1'));
    expect(ran).toEqual(['idle']);
    nextTurn();
    expect(ran).toEqual(['idle']);
    nextTurn();
    expect(ran).toEqual(['idle', 'after c1']);
    expect(sends.pending).toBe(false);
  });
});
