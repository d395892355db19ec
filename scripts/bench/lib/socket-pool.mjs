import { socketsPerCompany } from './options.mjs';
import { connectMany, socketPeople } from './sockets.mjs';
import { mintToken } from './tokens.mjs';

const pools = new WeakMap();

/**
 * The app sockets (`--sockets`, 1,000 by default: the first 100 executives of each of the 10 companies) that
 * fan-out, score-event and soak keep connected; connected once per run, to the receiving node (node B of two).
 * Each socket's index matches `who`.
 */
export function appSocketPool(ctx) {
  if (!pools.has(ctx)) {
    pools.set(
      ctx,
      (async () => {
        const { receiver, people } = await ctx.scaled();
        const who = socketPeople(people, socketsPerCompany(ctx.options));
        const { sockets, ms } = await connectMany(receiver.base, who.map((p) => ({ token: mintToken(p.user) })));
        ctx.log(`${sockets.length} app sockets connected in ${ms.toFixed(0)} ms`);
        return { sockets, who };
      })(),
    );
  }
  return pools.get(ctx);
}

/**
 * Receive times (process.hrtime) of `event` on every socket, by envelope id and company: the fan-out and
 * cross-company checks read them. `off()` removes the listeners.
 */
export function trackReceipts(sockets, who, event) {
  const byEnvelope = new Map();
  const handlers = sockets.map((socket, i) => {
    const handler = (envelope) => {
      const at = process.hrtime.bigint();
      const id = envelope?.id ?? null;
      if (!byEnvelope.has(id)) byEnvelope.set(id, []);
      byEnvelope.get(id).push({ at, companyId: who[i].companyId });
    };
    socket.on(event, handler);
    return handler;
  });
  return {
    receipts: (id) => byEnvelope.get(id) ?? [],
    off: () => sockets.forEach((s, i) => s.off(event, handlers[i])),
  };
}
