import type { AnyEnvelope } from '@kpi/contracts';
import { startRoomsServer, type RoomsServer } from '../../test/utils/socket-rooms';
import { PacedSends } from './paced-sends';

const envelope = (seq: number, companyId = 'c1'): AnyEnvelope =>
  ({ id: `${companyId}-e${seq}`, seq, type: 'leaderboard.updated', at: '2026-11-20T10:00:00.000Z', companyId, payload: { period: { year: 2026, month: 11 }, top10: [], totalExecutives: 1 } });

/** PacedSends on a real Socket.IO server and real clients, two sockets a slice, its turns run by the test. */
describe('PacedSends', () => {
  let rooms: RoomsServer;
  let sends: PacedSends;
  /** Turns the sender asked for, run by `nextTurn`. */
  let turns: (() => void)[] = [];

  beforeAll(async () => {
    rooms = await startRoomsServer();
  });
  beforeEach(() => {
    turns = [];
    sends = new PacedSends(2, (turn) => turns.push(turn));
  });
  afterEach(() => rooms.closeClients());
  afterAll(() => rooms.close());

  /** A client in `rooms`, recording the events it receives as `company:seq`. */
  const connect = async (name: string, inRooms: string[]) => {
    const got: string[] = [];
    await rooms.connect(name, inRooms, (c) => c.on('leaderboard.updated', (e: AnyEnvelope) => got.push(`${e.companyId}:${e.seq}`)));
    return got;
  };
  const office = async (count: number, room = 'company:c1') => {
    const got: string[][] = [];
    for (let i = 0; i < count; i++) got.push(await connect(`${room}-${i}`, [room]));
    return got;
  };
  const settled = () => rooms.settled();
  const idOf = (name: string) => rooms.sockets.get(name)!.id;
  const nextTurn = () => turns.shift()!();
  const received = (got: string[][]) => got.filter((g) => g.length > 0).length;

  it('writes a room larger than a slice one slice a turn, to the sockets in it when the event was sent', async () => {
    const got = await office(5);
    sends.send(rooms.server, 'c1', 'company:c1', [], envelope(1));
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
    const skipped = idOf('company:c1-0');
    sends.send(rooms.server, 'c1', 'company:c1', [skipped], envelope(1));
    nextTurn();
    await settled();
    expect(got).toEqual([[], ['c1:1'], ['c1:1'], ['c1:1']]);
    const pair = await office(2, 'company:c2');
    sends.send(rooms.server, 'c2', 'company:c2', [], envelope(7, 'c2'));
    await settled();
    expect(pair).toEqual([['c2:7'], ['c2:7']]);
    expect(turns).toHaveLength(0);
  });

  it("keeps a stream's order: a later event waits behind the slices still going out, another stream's does not", async () => {
    const got = await office(5);
    const other = await connect('other', ['company:c2']);
    sends.send(rooms.server, 'c1', 'company:c1', [], envelope(1));
    // The last socket of the room, on its own: its event comes after the room's, though its room is small.
    sends.send(rooms.server, 'c1', idOf('company:c1-4'), [], envelope(2));
    sends.send(rooms.server, 'c2', 'company:c2', [], envelope(1, 'c2'));
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
    sends.send(rooms.server, 'c1', 'company:c1', [], envelope(1));
    sends.send(rooms.server, 'c2', 'company:c2', [], envelope(1, 'c2'));
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
    sends.send(rooms.server, 'c1', 'company:c1', [], envelope(1));
    sends.afterSent(['c1', 'c2', 'c1'], () => ran.push('after c1'));
    expect(ran).toEqual(['idle']);
    nextTurn();
    expect(ran).toEqual(['idle']);
    nextTurn();
    expect(ran).toEqual(['idle', 'after c1']);
    expect(sends.pending).toBe(false);
  });
});
