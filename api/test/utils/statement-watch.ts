import type { MikroORM } from '@mikro-orm/core';
import { SQL_CHANNEL } from '../../src/database/bound-sql';

/** Sees a statement as it is sent; may return a function that then receives its rows. */
export type StatementListener = (sql: string, params: readonly unknown[]) => ((rows: readonly unknown[]) => void) | void;

interface KnexQuery {
  sql: string;
  bindings?: unknown[];
  __knexQueryUid?: string;
}

interface ChannelContext {
  sql: string;
  params: readonly unknown[];
  result?: unknown;
}

const rowsOf = (response: unknown): readonly unknown[] =>
  Array.isArray(response) ? response : ((response as { rows?: unknown[] } | null)?.rows ?? []);

/**
 * Watches every statement an app sends, through the two public ways they are told: knex's `query` events (the ORM's
 * statements and the hand-written ones inside transactions, database/bound-sql.ts) and the `kpi:sql` diagnostics
 * channel (the read connection's, read-rows.ts). A statement that fails never reaches its rows function. The
 * returned function stops watching.
 */
export function watchStatements(orm: MikroORM, listener: StatementListener): () => void {
  const stopOrm = watchOrmStatements(orm, listener);
  const stopReads = watchReadConnections(listener);
  return () => {
    stopOrm();
    stopReads();
  };
}

/** A transaction's own BEGIN, COMMIT, ROLLBACK or savepoint: no query, and any background job's may interleave. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** The statements one app's knex runs (its `query` events), transaction control aside. */
export function watchOrmStatements(orm: MikroORM, listener: StatementListener): () => void {
  const knex = (orm.em.getConnection() as unknown as { getKnex(): NodeJS.EventEmitter }).getKnex();
  const pending = new Map<string, (rows: readonly unknown[]) => void>();
  const onQuery = (query: KnexQuery) => {
    if (TRANSACTION_CONTROL.test(query.sql)) return;
    const receive = listener(query.sql, query.bindings ?? []);
    if (receive && query.__knexQueryUid) pending.set(query.__knexQueryUid, receive);
  };
  const onResponse = (response: unknown, query: KnexQuery) => {
    const receive = query.__knexQueryUid ? pending.get(query.__knexQueryUid) : undefined;
    if (!receive) return;
    pending.delete(query.__knexQueryUid!);
    receive(rowsOf(response));
  };
  const onError = (_error: unknown, query: KnexQuery) => void (query.__knexQueryUid && pending.delete(query.__knexQueryUid));
  knex.on('query', onQuery);
  knex.on('query-response', onResponse);
  knex.on('query-error', onError);
  return () => {
    knex.off('query', onQuery);
    knex.off('query-response', onResponse);
    knex.off('query-error', onError);
    pending.clear();
  };
}

/** The statements every app in this process sends on its read connection (the `kpi:sql` channel). */
export function watchReadConnections(listener: StatementListener): () => void {
  const receivers = new WeakMap<object, (rows: readonly unknown[]) => void>();
  const handlers = {
    start: (ctx: ChannelContext) => {
      const receive = listener(ctx.sql, ctx.params);
      if (receive) receivers.set(ctx, receive);
    },
    asyncEnd: (ctx: ChannelContext) => {
      const receive = receivers.get(ctx);
      receivers.delete(ctx);
      if (receive && 'result' in ctx) receive(rowsOf(ctx.result));
    },
    end: () => undefined,
    asyncStart: () => undefined,
    error: (ctx: ChannelContext) => void receivers.delete(ctx),
  };
  SQL_CHANNEL.subscribe(handlers);
  return () => void SQL_CHANNEL.unsubscribe(handlers);
}
