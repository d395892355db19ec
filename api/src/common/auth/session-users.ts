import type { Role } from '@kpi/contracts';

/** The user row a session check needs, as the database returns it (booleans and numbers vary by driver). */
export interface SessionRow {
  id: string;
  name: string;
  role: Role;
  company_id: string | null;
  is_active: boolean | number;
  token_version: number | string;
}

/**
 * How the session check reads a user. The users module implements it (UserSessionRows, session-users.query.ts) and
 * the app module wires it in, so common/ knows no users table.
 */
export interface SessionUsers {
  sessionRow(userId: string): Promise<SessionRow | undefined>;
}

export const SESSION_USERS = Symbol('SessionUsers');
