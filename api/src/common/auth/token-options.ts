import type { JwtSignOptions, JwtVerifyOptions } from '@nestjs/jwt';

/**
 * Every token this server issues: one algorithm (a token naming another, or `none`, is refused before its
 * signature is looked at), one issuer, and an audience that tells a person's token from a wall display's.
 */
export const TOKEN_ALGORITHM = 'HS256' as const;
export const TOKEN_ISSUER = 'kpi-tracker';
export const USER_AUDIENCE = 'kpi-user';
export const WALL_AUDIENCE = 'kpi-wall';

export const signOptionsFor = (audience: string): JwtSignOptions => ({ algorithm: TOKEN_ALGORITHM, issuer: TOKEN_ISSUER, audience });
export const verifyOptionsFor = (audience: string): JwtVerifyOptions => ({ algorithms: [TOKEN_ALGORITHM], issuer: TOKEN_ISSUER, audience });

/** jsonwebtoken accepts a token without `exp` as never expiring; this server never issues one. */
export const hasExpiry = (claims: unknown): boolean => typeof (claims as { exp?: unknown })?.exp === 'number';
