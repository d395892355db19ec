import type { EntityManager } from '@mikro-orm/knex';
import type { AnyEnvelope } from '@kpi/contracts';
import { startRoomsServer, type RoomsServer } from '../../test/utils/socket-rooms';
import { LiveOrder } from './live-order';

const ROOM = 'company:c1';
const envelope = (seq: number): AnyEnvelope =>
  ({ id: `e${seq}`, seq, type: 'leaderboard.updated', at: '2026-11-20T10:00:00.000Z', companyId: 'c1', payload: { period: { year: 2026, month: 11 }, top10: [], totalExecutives: 1 } });

/**
 * LiveOrder on a real Socket.IO server and real clients. Every gap here closes before the grace, so nothing is read
 * from the event log: the order has no database to reach (the e2e suite covers the fill, live-order.e2e-spec.ts).
 */
describe('LiveOrder', () => {
  let rooms: RoomsServer;
  let order: LiveOrder;

  beforeAll(async () => {
    rooms = await startRoomsServer();
    order = new LiveOrder(null as unknown as EntityManager);
    order.attach(rooms.server);
  });
  afterAll(async () => {
    order.onModuleDestroy();
    await rooms.close();
  });

  /** A client in `rooms`, recording the seqs it receives. */
  const connect = async (name: string, inRooms: string[]) => {
    const seqs: number[] = [];
    const client = await rooms.connect(name, inRooms, (c) => c.on('leaderboard.updated', (e: AnyEnvelope) => seqs.push(e.seq)));
    return { client, seqs, socket: rooms.sockets.get(name)! };
  };
  const settled = () => rooms.settled();

  it('holds a replaying socket: what came meanwhile follows its replay, past the head, in order, once each', async () => {
    const live = await connect('live', [ROOM]);
    const replaying = await connect('replaying', [ROOM]);
    const elsewhere = await connect('elsewhere', ['company:c2']);
    order.deliver({ room: ROOM, envelope: envelope(10) });
    order.hold(replaying.socket);
    // Delivered while its replay is read: the replay read the head at 12, so it carries 11 and 12 itself.
    for (const seq of [11, 12, 13, 14]) order.deliver({ room: ROOM, envelope: envelope(seq) });
    await settled();
    expect(live.seqs).toEqual([10, 11, 12, 13, 14]);
    expect(replaying.seqs).toEqual([10]);
    expect(order.release(replaying.socket, 'c1', 12).map((e) => e.seq)).toEqual([13, 14]);
    order.deliver({ room: ROOM, envelope: envelope(15) });
    await settled();
    expect(replaying.seqs).toEqual([10, 15]);
    expect(live.seqs).toEqual([10, 11, 12, 13, 14, 15]);
    expect(elsewhere.seqs).toEqual([]);
  });

  it('holds back an event behind a missing seq until that one comes, then delivers both in order', async () => {
    const client = await connect('gap', [ROOM]);
    order.deliver({ room: ROOM, envelope: envelope(17) });
    order.deliver({ room: ROOM, envelope: envelope(18) });
    await settled();
    expect(client.seqs).toEqual([]);
    order.deliver({ room: ROOM, envelope: envelope(16) });
    await settled();
    expect(client.seqs).toEqual([16, 17, 18]);
  });

  it('a socket that joins while an event waits behind a gap and replays past it is not sent it again', async () => {
    const early = await connect('early', [ROOM]);
    order.deliver({ room: ROOM, envelope: envelope(20) });
    const late = await connect('late', [ROOM]);
    order.hold(late.socket);
    // The replay read the head at 20 (19 and 20 are in the log); then 19 is published.
    expect(order.release(late.socket, 'c1', 20)).toEqual([]);
    order.deliver({ room: ROOM, envelope: envelope(19) });
    await settled();
    expect(early.seqs).toEqual([19, 20]);
    expect(late.seqs).toEqual([]);
  });

  it('skips, for each socket, what its replay already carried, and sends it everything past that', async () => {
    order.deliver({ room: ROOM, envelope: envelope(21) });
    const short = await connect('short', [ROOM]);
    const long = await connect('long', [ROOM]);
    order.hold(short.socket);
    order.hold(long.socket);
    // Their replays read the log up to 22 and 24 (the node has sent up to 21 so far).
    expect(order.release(short.socket, 'c1', 22)).toEqual([]);
    expect(order.release(long.socket, 'c1', 24)).toEqual([]);
    for (const seq of [22, 23, 24, 25]) order.deliver({ room: ROOM, envelope: envelope(seq) });
    await settled();
    expect(short.seqs).toEqual([23, 24, 25]);
    expect(long.seqs).toEqual([25]);
  });
});
