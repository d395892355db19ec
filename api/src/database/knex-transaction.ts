import type { Knex } from '@mikro-orm/knex';

/**
 * The one place the api relies on a knex internal: the connection an open transaction holds, from the transaction's
 * own client (`trx.client.acquireConnection()`, which knex's runner itself calls for every statement of the
 * transaction). The public way, `trx.raw(sql, bindings)`, sends the same statement to the same connection but through
 * knex's query runner, which measured 1.3–1.5× the scoring's median score → socket time for the dozen statements a
 * scoring sends (docs/decisions.md, "Libraries through their public API"). Checked against this knex version by
 * api/test/e2e/bound-sql.e2e-spec.ts, which fails when an upgrade changes it.
 */
export const KNEX_VERSION_CHECKED = '3.2.10';

interface TransactionClient {
  client: { acquireConnection(): Promise<unknown> };
}

const held = new WeakMap<Knex.Transaction, Promise<unknown>>();

/** The connection `trx` holds (SQLite: the pool's one connection), asked of knex once per transaction. */
export function heldConnection<C>(trx: Knex.Transaction): Promise<C> {
  let connection = held.get(trx);
  if (!connection) {
    connection = (trx as unknown as TransactionClient).client.acquireConnection();
    held.set(trx, connection);
  }
  return connection as Promise<C>;
}
