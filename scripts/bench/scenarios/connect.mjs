import { alternate, row } from '../lib/compare.mjs';
import { startBareSocketIo } from '../lib/floors.mjs';
import { closeAll, connectMany, socketPeople } from '../lib/sockets.mjs';
import { mintToken } from '../lib/tokens.mjs';
import { sleep } from '../lib/process.mjs';

export default {
  name: 'connect',
  title: '1,000 sockets (10 companies) connecting, authenticating and in sync vs the bare Socket.IO floor',
  async run(ctx) {
    const { app, people } = await ctx.scaled();
    const floor = await startBareSocketIo();
    const who = socketPeople(people, 100);
    const appAuth = who.map((p) => ({ token: mintToken(p.user) }));
    const floorAuth = who.map((p) => ({ userId: p.user.id, companyId: p.companyId }));
    const side = (base, auths) => async () => {
      const { sockets, ms } = await connectMany(base, auths, { concurrency: 50 });
      closeAll(sockets);
      await sleep(500);
      return ms;
    };
    await side(app.base, appAuth.slice(0, 100))();
    await side(floor.base, floorAuth.slice(0, 100))();
    const results = await alternate(ctx.options.rounds, { floor: side(floor.base, floorAuth), app: side(app.base, appAuth) });
    await floor.stop();
    return [row({ scenario: `${who.length} sockets connected + synced`, metric: 'total ms', app: results.app, floor: results.floor, floorName: 'bare Socket.IO connect', target: '≤ 2×', note: '50 handshakes in flight; app: JWT checked, user loaded, rooms joined, replay position sent' })];
  },
};
