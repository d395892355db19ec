import { alternate, row } from '../lib/compare.mjs';
import { startBareSocketIo } from '../lib/floors.mjs';
import { socketsPerCompany } from '../lib/options.mjs';
import { ask } from '../lib/process.mjs';
import { closeAll, connectMany, socketPeople } from '../lib/sockets.mjs';
import { mintToken } from '../lib/tokens.mjs';
import { sleep } from '../lib/process.mjs';
import { median } from '../lib/stats.mjs';

export default {
  name: 'connect',
  title: '1,000 sockets (10 companies; --sockets) connecting, authenticating and in sync, and the memory each holds, vs the bare Socket.IO floor',
  async run(ctx) {
    const { app, people } = await ctx.scaled();
    const floor = await startBareSocketIo();
    const who = socketPeople(people, socketsPerCompany(ctx.options));
    const appAuth = who.map((p) => ({ token: mintToken(p.user) }));
    const floorAuth = who.map((p) => ({ userId: p.user.id, companyId: p.companyId }));
    // The server's memory after a full GC (the probe, lib/probe.cjs), before and with the sockets connected.
    const settled = async (child) => {
      await ask(child, { type: 'gc' });
      return ask(child, { type: 'memory' });
    };
    const memory = { app: [], floor: [] };
    const side = (name, server, auths) => async () => {
      const before = await settled(server.child);
      const { sockets, ms } = await connectMany(server.base, auths, { concurrency: 50 });
      const held = await settled(server.child);
      memory[name].push({ heap: (held.heapUsed - before.heapUsed) / auths.length, rss: (held.rss - before.rss) / auths.length });
      closeAll(sockets);
      await sleep(500);
      return ms;
    };
    await side('app', app, appAuth.slice(0, 100))();
    await side('floor', floor, floorAuth.slice(0, 100))();
    memory.app.length = memory.floor.length = 0;
    const results = await alternate(ctx.options.rounds, { floor: side('floor', floor, floorAuth), app: side('app', app, appAuth) });
    await floor.stop();
    const perSocket = (name, key) => memory[name].map((m) => m[key] / 1024);
    const count = who.length.toLocaleString('en-US');
    return [
      row({ scenario: `${count} sockets connected + synced`, metric: 'total ms', app: results.app, floor: results.floor, floorName: 'bare Socket.IO connect', target: '≤ 2×', note: '50 handshakes in flight; app: JWT checked, user loaded, rooms joined, replay position sent' }),
      row({ scenario: `${count} sockets held`, metric: 'heap kB/socket', app: perSocket('app', 'heap'), floor: perSocket('floor', 'heap'), floorName: 'bare Socket.IO connect', target: '≤ 1.2×', note: `V8 heap used after a full GC, with the sockets connected less before, per socket; RSS per socket: app ${median(perSocket('app', 'rss')).toFixed(1)} kB, floor ${median(perSocket('floor', 'rss')).toFixed(1)} kB` }),
    ];
  },
};
