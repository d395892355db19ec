/** Replaces the item with the same `_id`, or adds it (at the end, or the start with `prepend`). */
export function upsertById<T extends { _id: string }>(list: readonly T[], item: T, prepend = false): T[] {
  const index = list.findIndex((x) => x._id === item._id);
  if (index === -1) return prepend ? [item, ...list] : [...list, item];
  const next = list.slice();
  next[index] = item;
  return next;
}

export function removeById<T extends { _id: string }>(list: readonly T[], id: string): T[] {
  return list.some((x) => x._id === id) ? list.filter((x) => x._id !== id) : (list as T[]);
}

/** The next page after the loaded ones; an item already loaded (it arrived live meanwhile) is kept, not doubled. */
export function appendNew<T extends { _id: string }>(list: readonly T[], page: readonly T[]): T[] {
  const known = new Set(list.map((x) => x._id));
  const fresh = page.filter((x) => !known.has(x._id));
  return fresh.length ? [...list, ...fresh] : (list as T[]);
}
