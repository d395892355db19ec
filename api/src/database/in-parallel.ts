/**
 * Statements of one transaction that do not depend on one another, sent together instead of one after another.
 * On SQLite each statement is a trip to the driver's thread pool and back; several in flight on the one
 * connection take about as long as one (docs/benchmarks.md). On PostgreSQL the client queues them on the
 * transaction's connection in the order given, as before.
 *
 * Settles all before failing: a rejection passed on at once would roll the transaction back while other
 * statements were still queued, and they would then run on the connection outside any transaction.
 */
export async function inParallel<T extends readonly unknown[]>(work: { readonly [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
