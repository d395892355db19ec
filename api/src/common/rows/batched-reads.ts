/**
 * Coalesces the per-key reads of concurrent callers (socket handshakes after a restart, requests missing the
 * session cache together) into one statement: keys asked for while no read
 * is waiting to start are gathered until the next turn of the event loop, then read together with `load`.
 *
 * A key asked for while a read is already running waits for the next read, never joins the running one: each
 * handshake's read must start after the moment it was asked for (after the socket joined its rooms), or a
 * commit that landed in between could be missed by both the read and the socket's live events.
 */
/** Well under every driver's bound on bound parameters (SQLite's default is 32,766; older builds 999). */
const MAX_KEYS = 500;

export function batchedReads<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, maxKeys = MAX_KEYS): (key: K) => Promise<V | undefined> {
  let pending: { keys: Set<K>; waiters: { key: K; resolve: (value: V | undefined) => void; reject: (err: unknown) => void }[] } | null = null;

  const flush = (): void => {
    const batch = pending;
    if (!batch) return;
    pending = null;
    const keys = [...batch.keys];
    Promise.resolve().then(() => load(keys)).then(
      (values) => batch.waiters.forEach((w) => w.resolve(values.get(w.key))),
      (err: unknown) => batch.waiters.forEach((w) => w.reject(err)),
    );
  };

  return (key) =>
    new Promise((resolve, reject) => {
      if (!pending) {
        pending = { keys: new Set(), waiters: [] };
        setImmediate(flush);
      }
      pending.keys.add(key);
      pending.waiters.push({ key, resolve, reject });
      // Everyone in it has asked already, so it may start now.
      if (pending.keys.size >= maxKeys) flush();
    });
}
