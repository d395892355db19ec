import { randomUUID } from 'node:crypto';
import { alternate, row } from '../lib/compare.mjs';
import { startBareSocketIo } from '../lib/floors.mjs';
import { ask, sleep } from '../lib/process.mjs';
import { appSocketPool, trackReceipts } from '../lib/socket-pool.mjs';
import { closeAll, connectMany, msBetween } from '../lib/sockets.mjs';
import { percentile } from '../lib/stats.mjs';
import { mintToken } from '../lib/tokens.mjs';

const EVENT = 'announcement.created';
const PER_ROUND = 20;

/**
 * A send to the company: its room, or a slice of its sockets named by their ids (the api writes a large room a
 * slice at a time, api/src/realtime/paced-sends.ts); ids have no colon, every other room does.
 */
const toCompany = (rooms) => rooms.some((r) => /^company:[^:]+$/.test(r)) || (rooms.length > 0 && rooms.every((r) => !r.includes(':')));

/** When each event was first handed to Socket.IO for the company (probe), by envelope id; `count` and `last` for the newest. */
function publishLog(child) {
  const log = { times: new Map(), count: 0, last: null };
  child.on('message', (m) => {
    if (m?.type !== 'published' || m.event !== EVENT || !toCompany(m.rooms) || log.times.has(m.envelopeId)) return;
    log.times.set(m.envelopeId, m.at);
    log.count++;
    log.last = m.envelopeId;
  });
  return log;
}

async function waitFor(check, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(2);
  }
  return true;
}

export default {
  name: 'fanout',
  title: 'an event to a room of 100 of 1,000 sockets (10 companies; --sockets), publish to the last receipt, vs the bare Socket.IO floor',
  async run(ctx) {
    const { app, api, people } = await ctx.scaled();
    const { sockets, who } = await appSocketPool(ctx);
    const floor = await startBareSocketIo();
    const { sockets: floorSockets } = await connectMany(floor.base, who.map((p) => ({ userId: p.user.id, companyId: p.companyId })));
    await ask(app.child, { type: 'watch', events: [EVENT] });
    await ask(floor.child, { type: 'watch', events: [EVENT] });
    const appPublished = publishLog(app.child);
    const floorPublished = publishLog(floor.child);
    const appSeen = trackReceipts(sockets, who, EVENT);
    const floorSeen = trackReceipts(floorSockets, who, EVENT);
    const adminTokens = new Map(people.map((c) => [c.id, mintToken(c.admin)]));
    const inRoom = (companyId) => who.filter((p) => p.companyId === companyId).length;
    const label = `fan-out to a room of ${inRoom(who[0].companyId).toLocaleString('en-US')} / ${who.length.toLocaleString('en-US')}`;
    let envelope = null;
    let counter = 0;
    const problems = { app: [], floor: [] };

    // One event to company `companyId`'s room, timed from its publish to its last receipt in that room.
    const measure = async (side, companyId) => {
      const published = side === 'app' ? appPublished : floorPublished;
      const seen = side === 'app' ? appSeen : floorSeen;
      const before = published.count;
      if (side === 'app') {
        await api.call('POST', '/announcements', adminTokens.get(companyId), { title: `Fan-out ${++counter}`, content: 'Measured by the bench.' });
      } else {
        // The floor sends the very envelope the app sent (its bytes), with a fresh id each time.
        await floor.publish(`company:${companyId}`, EVENT, { ...envelope, id: randomUUID() });
      }
      if (!(await waitFor(() => published.count > before))) throw new Error(`${side}: no ${EVENT} published`);
      const id = published.last;
      const expected = inRoom(companyId);
      await waitFor(() => seen.receipts(id).filter((r) => r.companyId === companyId).length >= expected);
      await sleep(20); // anything misrouted to another company would have arrived by now
      const receipts = seen.receipts(id);
      const mine = receipts.filter((r) => r.companyId === companyId);
      const leaked = receipts.length - mine.length;
      if (mine.length !== expected || leaked) problems[side].push(`${mine.length}/${expected} delivered, ${leaked} to other companies`);
      const last = mine.reduce((m, r) => (r.at > m ? r.at : m), 0n);
      return msBetween(published.times.get(id), last);
    };

    envelope = await captureEnvelope(api, adminTokens.get(people[0].id), sockets[0]);
    await sleep(200);

    const round = (side) => async () => {
      const samples = [];
      for (let i = 0; i < PER_ROUND; i++) {
        samples.push(await measure(side, people[i % people.length].id));
        await sleep(50);
      }
      return samples;
    };
    await round('floor')();
    const results = await alternate(ctx.options.rounds, { floor: round('floor'), app: round('app') });
    appSeen.off();
    floorSeen.off();
    closeAll(floorSockets);
    await floor.stop();
    const perRound = (side, p) => results[side].map((s) => percentile(s, p));
    const all = (side) => results[side].flat();
    const delivered = (side) => (problems[side].length ? `${problems[side].length} events short or leaked: ${problems[side].slice(0, 3).join('; ')}` : '100 % delivered, 0 to other companies');
    return [
      row({ scenario: label, metric: 'p50 ms', app: perRound('app', 50), floor: perRound('floor', 50), floorName: 'bare Socket.IO, same rooms', target: '≤ 1.5×', note: `app: ${delivered('app')}; floor: ${delivered('floor')}; ${all('app').length} events each; overall p99 app ${percentile(all('app'), 99).toFixed(2)} ms, floor ${percentile(all('floor'), 99).toFixed(2)} ms` }),
      row({ scenario: label, metric: 'p99 ms', app: perRound('app', 99), floor: perRound('floor', 99), floorName: 'bare Socket.IO, same rooms', target: '≤ 2×' }),
    ];
  },
};

/** One real announcement envelope as a socket receives it, for the floor to send the same bytes. */
async function captureEnvelope(api, token, socket) {
  const got = new Promise((res) => socket.once(EVENT, res));
  await api.call('POST', '/announcements', token, { title: 'Fan-out template', content: 'Measured by the bench.' });
  return got;
}
