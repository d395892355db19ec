import { JwtService } from '@nestjs/jwt';
import { parse } from 'cookie';
import type { CookieOptions } from 'express';
import { signOptionsFor, verifyOptionsFor } from '../../common/auth/token-options';

/** What a sign-in in progress must remember between leaving for the provider and coming back. */
export interface SsoFlow {
  companyId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const FLOW_COOKIE = 'kpi_sso_flow';
const FLOW_AUDIENCE = 'kpi-sso-flow';
const FLOW_TTL_S = 600;

/**
 * The flow state rides in a cookie signed with the JWT secret (every node has it), with its own audience (it
 * opens nothing else) and a 10-minute life: a sign-in started on one node finishes on any other, and no node
 * keeps anything in memory. Only the browser that started the flow holds it (HttpOnly, SameSite=Lax: it comes
 * back on the provider's top-level redirect, never on another site's request).
 */
export class SsoFlowCookie {
  constructor(
    private readonly jwt: JwtService,
    private readonly secure: boolean,
  ) {}

  value(flow: SsoFlow): string {
    return this.jwt.sign({ ...flow }, { ...signOptionsFor(FLOW_AUDIENCE), expiresIn: FLOW_TTL_S });
  }

  options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/api/auth/sso', maxAge: FLOW_TTL_S * 1000 };
  }

  /** The flow this browser started, or null when it has none, it expired, or it was not signed by us. */
  read(cookieHeader: string | undefined): SsoFlow | null {
    const raw = cookieHeader ? parse(cookieHeader)[FLOW_COOKIE] : undefined;
    if (!raw) return null;
    try {
      const claims = this.jwt.verify<Partial<SsoFlow>>(raw, verifyOptionsFor(FLOW_AUDIENCE));
      const { companyId, state, nonce, codeVerifier } = claims;
      return typeof companyId === 'string' && typeof state === 'string' && typeof nonce === 'string' && typeof codeVerifier === 'string'
        ? { companyId, state, nonce, codeVerifier }
        : null;
    } catch {
      return null;
    }
  }
}
