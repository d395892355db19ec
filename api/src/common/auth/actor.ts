import type { Role } from '@kpi/contracts';

/** Who is calling: taken from the verified token and the user row, passed first into every service method. */
export interface Actor {
  userId: string;
  role: Role;
  /** The caller's company; null only for the superadmin. */
  companyId: string | null;
  name: string;
}

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The user's token version when the token was issued; a bump ends every older token. */
  tv: number;
}
