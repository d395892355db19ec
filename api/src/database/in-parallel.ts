/**
 * Statements of one transaction that do not depend on one another, sent together instead of one after another.
 * On SQLite each statement is a trip to the driver's thread pool and back; with several in flight on the one
 * connection those trips overlap (a scoring's five writes: about 2.1 ms one after another, 1.5 ms together;
 * docs/benchmarks.md). On PostgreSQL they take turns on the transaction's connection in the order given (bound-sql.ts).
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
