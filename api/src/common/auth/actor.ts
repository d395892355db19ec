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

/** A paired wall display: reads one company's board, nothing else (docs/wall-display.md). */
export interface WallActor {
  displayId: string;
  companyId: string;
  name: string;
}

/** A display token's claims. `kind` tells it apart from a user's token, which never carries one. */
export interface WallTokenClaims {
  sub: string;
  kind: 'wall';
  /** The display's company, checked against the display row on every use. */
  cid: string;
}
