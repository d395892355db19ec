import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { SessionRow, SessionUsers } from '../../common/auth/session-users';
import { readRows } from '../../database/read-rows';

/** Exported so query-counting tests can tell the (cached, so timing-dependent) session lookup apart. */
export const SESSION_SQL = 'select id, name, role, company_id, is_active, token_version from users where id = ?';

/** The users table's side of the session check (common/auth/session-users.ts). */
@Injectable()
export class UserSessionRows implements SessionUsers {
  constructor(private readonly em: EntityManager) {}

  // One plain row in plain SQL on the read connection (no entity, no query builder, no pool): this runs for every
  // request that misses the cache.
  async sessionRow(userId: string): Promise<SessionRow | undefined> {
    const [row] = await readRows<SessionRow>(this.em, SESSION_SQL, [userId]);
    return row;
  }
}
