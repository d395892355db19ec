import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { JwtService } from '@nestjs/jwt';
import type { SsoStartResponse } from '@kpi/contracts';
import type { Configuration, IDToken } from 'openid-client' with { 'resolution-mode': 'import' };
import { SessionService } from '../../common/auth/session.service';
import { AppError, notFound } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { UnitOfWork } from '../../events/unit-of-work';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { CompanySignIn, SsoDomain } from './company-sign-in.entity';
import { roleFromGroups } from './group-roles';
import { discoverProvider, openid } from './openid';
import { SsoFlowCookie, type SsoFlow } from './sso-flow';
import { redirectUriFor, SsoSettingsService } from './sso-settings.service';

/** Where the browser goes after the provider: the app's /sso page reads the outcome from the fragment. */
export interface SsoOutcome {
  redirect: string;
}

/** A refusal the person reads on the /sso page. */
class SsoRefusal extends Error {}

/** Discovered provider configurations, per company and settings version (an issuer's metadata rarely changes). */
const DISCOVERY_TTL_MS = 10 * 60_000;

/**
 * The authorization code flow with PKCE (S256), `state` and `nonce` (openid-client checks all three, and the ID
 * token's signature, issuer, audience and expiry). The person is matched by a verified email: in the company
 * whose domain started the flow, or created there when the company allows it.
 */
@Injectable()
export class SsoSignInService {
  private readonly logger = new Logger('SingleSignOn');
  private readonly flows: SsoFlowCookie;
  private readonly discovered = new Map<string, { at: number; config: Promise<Configuration> }>();

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly sessions: SessionService,
    private readonly settings: SsoSettingsService,
    private readonly users: UsersService,
    jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.flows = new SsoFlowCookie(jwt, config.publicUrl.startsWith('https:'));
  }

  get flowCookie(): SsoFlowCookie {
    return this.flows;
  }

  /** The callback's own address as the provider was told it (PUBLIC_URL), whatever host the request came by. */
  get callbackBase(): string {
    return this.config.publicUrl;
  }

  /** The provider's authorization URL for the company that owns the email's domain, and the flow to remember. */
  async start(email: string): Promise<SsoStartResponse & { flow: string }> {
    const em = this.em.fork();
    const domain = email.slice(email.lastIndexOf('@') + 1);
    const owner = await em.findOne(SsoDomain, { domain }, { fields: ['company'] });
    const settings = owner && (await em.findOne(CompanySignIn, Scope.company(owner.company.id).where({ company: owner.company.id })));
    if (!settings) throw notFound('Single sign-on for this email domain');
    const oidc = openid();
    const config = await this.discover(settings);
    const flow: SsoFlow = { companyId: owner.company.id, state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const scopes = ['openid', 'email', 'profile'];
    if (config.serverMetadata().scopes_supported?.includes(settings.groupsClaim)) scopes.push(settings.groupsClaim);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUriFor(this.config),
      scope: scopes.join(' '),
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
      login_hint: email,
    });
    return { authorizationUrl: url.href, flow: this.flows.value(flow) };
  }

  /** The provider's redirect back: exchanges the code, checks the identity, and hands the app a session. */
  async finish(callbackUrl: URL, flow: SsoFlow | null): Promise<SsoOutcome> {
    try {
      if (!flow) throw new SsoRefusal('This sign-in has expired or was started in another browser. Please start again.');
      const refused = callbackUrl.searchParams.get('error');
      if (refused) throw new SsoRefusal(`The identity provider refused the sign-in: ${callbackUrl.searchParams.get('error_description') ?? refused}`);
      const settings = await this.em.fork().findOne(CompanySignIn, Scope.company(flow.companyId).where({ company: flow.companyId }), { populate: ['company'] });
      if (!settings) throw new SsoRefusal('Single sign-on is no longer set up for this company.');
      const oidc = openid();
      const config = await this.discover(settings);
      const tokens = await oidc
        .authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true })
        .catch((err: unknown) => {
          throw new SsoRefusal(refusalFor(err));
        });
      const claims = tokens.claims();
      if (!claims) throw new SsoRefusal('The identity provider sent no identity.');
      const user = await this.personFor(settings, claims);
      const fragment = new URLSearchParams({ token: this.sessions.issue(user) });
      const endSession = config.serverMetadata().end_session_endpoint;
      if (endSession && tokens.id_token) {
        fragment.set('logout', oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token, post_logout_redirect_uri: `${this.config.publicUrl}/login` }).href);
      }
      return { redirect: `/sso#${fragment}` };
    } catch (err) {
      const message = err instanceof SsoRefusal ? err.message : 'Single sign-on failed. Please try again.';
      if (!(err instanceof SsoRefusal)) this.logger.error(`single sign-on failed: ${(err as Error).message}`);
      return { redirect: `/sso#${new URLSearchParams({ error: message })}` };
    }
  }

  /** The account the verified email names, in the flow's company; created there on first sign-in when allowed. */
  private personFor(settings: CompanySignIn, claims: IDToken): Promise<User> {
    const company = settings.company;
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) throw new SsoRefusal('The identity provider did not share an email address.');
    if (claims.email_verified !== true) throw new SsoRefusal(`Your identity provider has not verified ${email}. Verify it there, then sign in again.`);
    return this.uow.run(async (em, events) => {
      const existing = await Scope.acrossCompanies('single sign-on matches the verified email across all companies', () => em.findOne(User, { email }, { populate: ['company'] }));
      if (existing) {
        if (existing.company?.id !== company.id) throw new SsoRefusal(`${email} belongs to another company here. Sign in through your own company.`);
        if (!existing.isActive) throw new SsoRefusal('This account has been deactivated. Please contact your administrator.');
        return existing;
      }
      const domain = email.slice(email.lastIndexOf('@') + 1);
      const owns = await em.count(SsoDomain, { domain, company: company.id });
      if (!owns) throw new SsoRefusal(`${email} is not an address of ${company.name}.`);
      if (!settings.createOnFirstSignIn) throw new SsoRefusal(`${company.name} has no account for ${email}. Ask your administrator to add you.`);
      const role = roleFromGroups(claims[settings.groupsClaim], settings.groupRoles);
      if (!role) throw new SsoRefusal(`Your groups at the identity provider give no access to ${company.name}.`);
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 120) : email.slice(0, email.indexOf('@'));
      return this.users.createSignedUp(em, events, company, { name, email, role });
    });
  }

  private discover(settings: CompanySignIn): Promise<Configuration> {
    const key = `${settings.company.id}:${settings.updatedAt.getTime()}`;
    const kept = this.discovered.get(key);
    if (kept && Date.now() - kept.at < DISCOVERY_TTL_MS) return kept.config;
    const config = discoverProvider(new URL(settings.issuer), settings.clientId, this.settings.secrets.open(settings.clientSecretSealed)).catch((err: unknown) => {
        this.discovered.delete(key);
        this.logger.warn(`discovery of ${settings.issuer} failed: ${(err as Error).message}`);
        throw new AppError('VALIDATION', 'The identity provider cannot be reached right now. Please try again later.');
      });
    this.discovered.set(key, { at: Date.now(), config });
    return config;
  }
}

/** openid-client's reasons, in words a person can act on. */
function refusalFor(err: unknown): string {
  // openid-client names the check that failed in its cause (oauth4webapi's message), the provider's code in `error`.
  const { error, cause } = err as { error?: unknown; cause?: { message?: unknown } };
  const message = typeof cause?.message === 'string' ? cause.message : '';
  if (error === 'invalid_grant') return 'This sign-in was already used or has expired. Please start again.';
  if (/"state"/.test(message)) return 'This sign-in could not be verified: its state does not match the one this browser started. Please start again.';
  if (/nonce/.test(message)) return 'This sign-in could not be verified: the identity token was not issued for it (nonce). Please start again.';
  if (/code_verifier|PKCE/i.test(message)) return 'This sign-in could not be verified (PKCE). Please start again.';
  return 'The identity provider answered in a way we could not verify. Please start again.';
}
