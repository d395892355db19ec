import { createHash } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { INestApplication } from '@nestjs/common';

/** Columns that record access, not data: reading a wall board may move its display's last-seen time. */
const ACCESS_COLUMNS: Record<string, string[]> = { wall_displays: ['last_seen_at'] };

/** A sha256 of every row of every table (SQLite), by table: equal before and after means nothing changed. */
export async function tableChecksums(app: INestApplication): Promise<Record<string, string>> {
  const conn = app.get(MikroORM).em.getConnection();
  const tables = await conn.execute<{ name: string }[]>(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`);
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const rows = await conn.execute<Record<string, unknown>[]>(`select * from "${name}" order by rowid`);
    const hash = createHash('sha256');
    for (const row of rows) {
      for (const col of ACCESS_COLUMNS[name] ?? []) delete row[col];
      hash.update(JSON.stringify(row));
    }
    sums[name] = `${rows.length}:${hash.digest('hex').slice(0, 16)}`;
  }
  return sums;
}
