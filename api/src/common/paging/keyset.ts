/** One column of a list's order: its entity property (as the query builder names it) and direction. */
export interface SortKey {
  prop: string;
  dir: 'asc' | 'desc';
}

/**
 * The rows strictly after `values` in the order `keys` (keyset pagination): for (a desc, id asc) after
 * (a0, id0) that is `a < a0 OR (a = a0 AND id > id0)`. Pages stay stable while rows are added or removed,
 * and cost the same on page 1 and page 1,000 (no OFFSET).
 */
export function after(keys: readonly SortKey[], values: readonly unknown[]): { $or: Record<string, unknown>[] } {
  return {
    $or: keys.map((key, i) => {
      const condition: Record<string, unknown> = {};
      for (let j = 0; j < i; j++) condition[keys[j].prop] = values[j];
      condition[key.prop] = { [key.dir === 'desc' ? '$lt' : '$gt']: values[i] };
      return condition;
    }),
  };
}

/** `{ prop: dir }` for the query builder's orderBy, in key order. */
export const orderOf = (keys: readonly SortKey[]): Record<string, 'asc' | 'desc'>[] => keys.map((k) => ({ [k.prop]: k.dir }));

/** A piece of WHERE clause with `?` placeholders and their values, in order. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** One column of an order in plain SQL (an alias-qualified column name from our own code, never input). */
export interface SqlSortKey {
  column: string;
  dir: 'asc' | 'desc';
}

/** `after()` as plain SQL, for the hot read paths that skip the query builder (it cost more than the query). */
export function afterSql(keys: readonly SqlSortKey[], values: readonly unknown[]): SqlCondition {
  const params: unknown[] = [];
  const alternatives = keys.map((key, i) => {
    const parts: string[] = [];
    for (let j = 0; j < i; j++) {
      parts.push(`${keys[j].column} = ?`);
      params.push(values[j]);
    }
    parts.push(`${key.column} ${key.dir === 'desc' ? '<' : '>'} ?`);
    params.push(values[i]);
    return parts.length > 1 ? `(${parts.join(' and ')})` : parts[0];
  });
  return { sql: `(${alternatives.join(' or ')})`, params };
}

export const orderSql = (keys: readonly SqlSortKey[]): string => keys.map((k) => `${k.column} ${k.dir}`).join(', ');
