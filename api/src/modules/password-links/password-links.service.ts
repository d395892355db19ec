import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import {
  FORGOT_PASSWORD_ANSWER,
  INVITATION_TTL_HOURS,
  PASSWORD_RESET_TTL_HOURS,
  type InvitationResponse,
  type LoginResponse,
  type MessageResponse,
  type PasswordLink as PasswordLinkView,
  type PasswordLinkPurpose,
} from '@kpi/contracts';
import { hashPassword } from '../../common/auth/passwords';
import { SessionService } from '../../common/auth/session.service';
import { AppError, unauthenticated } from '../../common/errors/app-error';
import { PasswordLinkMail } from '../../common/mail/password-link-mail';
import { LIMITS, type Limits } from '../../common/rate-limit/limits';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { Scope } from '../../common/tenancy/scope';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { UnitOfWork } from '../../events/unit-of-work';
import { SsoPolicy } from '../sso/sso-policy';
import { User } from '../users/user.entity';
import type { Invitations, IssuedInvitation } from '../users/user-ports';
import { UserRepository } from '../users/user.repository';
import { PasswordLink } from './password-link.entity';
import { hashLinkToken, isLinkTokenShaped, LINK_REFUSALS, linkState, newLinkToken } from './link-tokens';

const HOUR = 3_600_000;
const TTL_MS: Record<PasswordLinkPurpose, number> = { invite: INVITATION_TTL_HOURS * HOUR, reset: PASSWORD_RESET_TTL_HOURS * HOUR };

/**
 * Invitations and "forgot password": single-use links that let a person choose their own password. The token
 * is random and only its hash is stored; a new link of a purpose withdraws the person's earlier one.
 */
@Injectable()
export class PasswordLinksService implements Invitations {
  private readonly logger = new Logger('PasswordLinks');

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly sessions: SessionService,
    private readonly mail: PasswordLinkMail,
    private readonly limiter: RateLimiter,
    @Inject(LIMITS) private readonly limits: Limits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sso: SsoPolicy,
    private readonly users: UserRepository,
  ) {}

  /**
   * Issues a new invitation for `user` (inside the caller's unit of work), withdrawing an earlier one. `newPerson`:
   * the caller created the person in this transaction and has itself checked that their company allows
   * passwords (an import, once per batch): there is no earlier link to withdraw and nothing more to ask.
   */
  async issueInvitation(em: EntityManager, user: User, options: { newPerson?: boolean } = {}): Promise<IssuedInvitation> {
    if (!options.newPerson) await this.assertPasswordsAllowed(em, user);
    return this.issue(em, user, 'invite', !options.newPerson);
  }

  /** After the invitation committed: mails it when mail is set up; the link is always handed back to show. */
  async deliverInvitation(user: User, issued: IssuedInvitation): Promise<InvitationResponse> {
    const link = this.linkFor(issued.token);
    const emailed = await this.mail.send({ purpose: 'invite', to: user.email, name: user.name, companyName: user.company?.name ?? null, link, expiresAt: issued.expiresAt });
    return {
      link,
      expiresAt: issued.expiresAt.toISOString(),
      emailed,
      message: emailed ? `Invitation sent to ${user.email}` : 'Invitation created: copy the link and send it to them',
    };
  }

  /** Withdraws the person's unused invitation; true when there was one. */
  async revokeInvitation(em: EntityManager, user: User): Promise<boolean> {
    const withdrawn = await em.nativeUpdate(PasswordLink, { user: user.id, purpose: 'invite', usedAt: null, revokedAt: null }, { revokedAt: new Date() });
    return withdrawn > 0;
  }

  /**
   * "Forgot password": the same answer at once, whether the account exists or not; the link (if any) is made
   * and mailed after the answer left, so neither its content nor its timing tells.
   */
  forgotPassword(email: string): MessageResponse {
    void this.sendReset(email).catch((err: unknown) => this.logger.error(`reset link failed: ${(err as Error).message}`));
    return { message: FORGOT_PASSWORD_ANSWER };
  }

  /** What a link is for and whose it is, or why it cannot be used. */
  async inspect(token: string): Promise<PasswordLinkView> {
    const link = await this.usable(this.em.fork(), token);
    return { purpose: link.purpose, name: link.user.name, email: link.user.email, expiresAt: link.expiresAt.toISOString() };
  }

  /**
   * Sets the password once: the link is marked used by a conditional update (two tabs racing: one wins),
   * every other session of the person ends, and this one signs them in.
   */
  redeem(token: string, password: string): Promise<LoginResponse> {
    return this.uow.run(async (em, events) => {
      const link = await this.usable(em, token);
      const user = link.user;
      if (!user.isActive) throw unauthenticated('This account has been deactivated. Please contact your administrator.');
      await this.assertPasswordsAllowed(em, user);
      const now = new Date();
      const claimed = await em.nativeUpdate(PasswordLink, { id: link.id, usedAt: null, revokedAt: null }, { usedAt: now });
      if (!claimed) throw new AppError('GONE', LINK_REFUSALS.used);
      // Any other link of the person stops working with this one.
      await em.nativeUpdate(PasswordLink, { user: user.id, usedAt: null, revokedAt: null }, { revokedAt: now });
      user.passwordHash = await hashPassword(password);
      user.mustChangePassword = false;
      user.tokenVersion += 1;
      await em.flush();
      const audience = { kind: 'user', userId: user.id, companyId: user.company?.id ?? null } as const;
      const view = await this.users.answer(em, user.id, user.company ? Scope.company(user.company.id) : undefined);
      if (!view) throw unauthenticated();
      events.record('user.updated', audience, { user: view });
      if (user.role === 'executive' && user.company) events.record('user.updated', { kind: 'admins', companyId: user.company.id }, { user: view });
      if (user.role === 'admin') events.record('admin.updated', { kind: 'superadmin' }, { user: view });
      events.record('session.revoked', audience, { reason: 'password-changed', tokenVersion: user.tokenVersion });
      return { token: this.sessions.issue(user), user: view };
    });
  }

  private async sendReset(email: string): Promise<void> {
    // Without mail nobody could receive the link: make none.
    if (!this.mail.configured) return;
    if (!(await this.limiter.allows(this.limits.passwordResetAccount, email))) return;
    const issued = await this.uow.run(async (em) => {
      const user = await Scope.acrossCompanies('a reset finds the account by its email, before anyone is signed in', () =>
        em.findOne(User, { email }, { populate: ['company'] }),
      );
      if (!user || !user.isActive || (await this.sso.passwordRefusal(em, { role: user.role, companyId: user.company?.id ?? null }))) return null;
      return { user, ...(await this.issue(em, user, 'reset')) };
    });
    if (!issued) return;
    const { user, token, expiresAt } = issued;
    await this.mail.send({ purpose: 'reset', to: user.email, name: user.name, companyName: user.company?.name ?? null, link: this.linkFor(token), expiresAt });
  }

  /** A company that requires single sign-on gives its people no password, so no link to choose one. */
  private async assertPasswordsAllowed(em: EntityManager, user: User): Promise<void> {
    const refusal = await this.sso.passwordRefusal(em, { role: user.role, companyId: user.company?.id ?? null });
    if (refusal) throw new AppError('CONFLICT', `${user.company?.name ?? 'This company'} signs in with single sign-on: its people need no password`);
  }

  private async issue(em: EntityManager, user: User, purpose: PasswordLinkPurpose, withdrawEarlier = true): Promise<IssuedInvitation> {
    const now = new Date();
    if (withdrawEarlier) await em.nativeUpdate(PasswordLink, { user: user.id, purpose, usedAt: null, revokedAt: null }, { revokedAt: now });
    const token = newLinkToken();
    const expiresAt = new Date(now.getTime() + TTL_MS[purpose]);
    em.create(PasswordLink, { user, purpose, tokenHash: hashLinkToken(token), expiresAt });
    await em.flush();
    return { token, expiresAt };
  }

  /** The token rides in the fragment: browsers never send it to a server, proxy or log. */
  private linkFor(token: string): string {
    return `${this.config.publicUrl}/set-password#${token}`;
  }

  private async usable(em: EntityManager, token: string): Promise<PasswordLink> {
    const link = isLinkTokenShaped(token)
      ? await Scope.acrossCompanies('a password link names its person before anyone is signed in', () =>
          em.findOne(PasswordLink, { tokenHash: hashLinkToken(token) }, { populate: ['user', 'user.company'] }),
        )
      : null;
    if (!link) throw new AppError('NOT_FOUND', LINK_REFUSALS.unknown);
    const state = linkState(link, new Date());
    if (state !== 'usable') throw new AppError('GONE', LINK_REFUSALS[state]);
    return link;
  }
}
