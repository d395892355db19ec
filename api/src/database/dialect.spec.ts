import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { SqlitePlatform } from '@mikro-orm/sqlite';
import { onPostgreSql, onSqlite } from './dialect';

describe('dialect', () => {
  const on = (platform: object) => ({ getPlatform: () => platform }) as never;

  it('tells SQLite from PostgreSQL by the platform', () => {
    expect([onSqlite(on(new SqlitePlatform())), onPostgreSql(on(new SqlitePlatform()))]).toEqual([true, false]);
    expect([onSqlite(on(new PostgreSqlPlatform())), onPostgreSql(on(new PostgreSqlPlatform()))]).toEqual([false, true]);
  });
});
