import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { SessionRow, SessionUsers } from '../../common/auth/session-users';
import { batchedReads } from '../../common/rows/batched-reads';
import { placeholders } from '../../common/rows/params';
import { readRows } from '../../database/read-rows';

const SESSION_SQL = 'select id, name, role, company_id, is_active, token_version from users where id in ';

/** For query-counting tests: whether a statement is the (cached, so timing-dependent) session lookup. */
export const isSessionLookup = (sql: string): boolean => sql.startsWith(SESSION_SQL);

/** The users table's side of the session check (common/auth/session-users.ts). */
@Injectable()
export class UserSessionRows implements SessionUsers {
  constructor(private readonly em: EntityManager) {}

  // Plain rows in plain SQL on the read connection (no entity, no query builder, no pool): this runs for every
  // request that misses the cache and every socket handshake, so the lookups asked for together (an office's
  // sockets reconnecting after a restart) are one statement.
  private readonly rows = batchedReads<string, SessionRow>(async (ids) => {
    const found = await readRows<SessionRow>(this.em, `${SESSION_SQL}(${placeholders(ids)})`, ids);
    return new Map(found.map((row) => [row.id, row]));
  });

  sessionRow(userId: string): Promise<SessionRow | undefined> {
    return this.rows(userId);
  }
}
