import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Socket } from 'socket.io';
import type { Actor } from '../common/auth/actor';
import type { SessionRow } from '../common/auth/session-users';
import { bool } from '../common/rows/columns';
import { readRows } from '../database/read-rows';
import { batchedReads } from '../common/rows/batched-reads';
import { placeholders } from '../common/rows/params';

/** setTimeout's ceiling (~24.8 days); a longer wait (a wall display's year-long token) is re-armed in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const claimsOf = (token: string): { exp?: unknown; tv?: unknown } => {
  try {
    return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown; tv?: unknown } | null) ?? {};
  } catch {
    return {};
  }
};

type CurrentRow = Omit<SessionRow, 'name'>;

/**
 * A socket's session ends with its token (docs/security.md): it closes at the token's `exp`, and a user socket
 * is checked once more after joining its rooms, against the database itself (never a cache), so a revocation
 * committed while the handshake was running cannot miss it.
 */
@Injectable()
export class SocketSessions {
  /**
   * The rows of the users whose sockets are between join and check, one statement for all of them: 1,000 sockets
   * connecting at once (a restart) would otherwise queue 1,000 entity lookups on the pooled connection.
   */
  private readonly userRow = batchedReads<string, CurrentRow>(async (ids) => {
    const rows = await readRows<CurrentRow>(this.em, `select id, role, company_id, is_active, token_version from users where id in (${placeholders(ids)})`, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });

  constructor(private readonly em: EntityManager) {}

  /** Disconnects the socket when its (already verified) token expires. */
  closeAtExpiry(socket: Socket, token: string): void {
    const exp = claimsOf(token).exp;
    if (typeof exp !== 'number') return void socket.disconnect(true);
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const left = exp * 1000 - Date.now();
      if (left <= 0) return void socket.disconnect(true);
      timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
      timer.unref();
    };
    arm();
    socket.once('disconnect', () => clearTimeout(timer));
  }

  /**
   * Whether the user the socket was admitted as is still who the database says: same token version, active,
   * same role and company. Called after the socket joined its rooms: a revocation committed from then on
   * reaches it through its user room, one committed before is seen here.
   */
  async stillCurrent(actor: Actor, token: string): Promise<boolean> {
    const tv = claimsOf(token).tv;
    const user = await this.userRow(actor.userId);
    return !!user && bool(user.is_active) && Number(user.token_version) === tv && user.role === actor.role && (user.company_id ?? null) === actor.companyId;
  }
}
