import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { ChangePasswordResponse, LoginResponse, User as UserView, VerifyResponse } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../common/auth/passwords';
import { SessionService } from '../../common/auth/session.service';
import { invalid, unauthenticated } from '../../common/errors/app-error';
import { JsonValue } from '../../common/http/prepared-json';
import { Scope } from '../../common/tenancy/scope';
import { UnitOfWork } from '../../events/unit-of-work';
import { SsoPolicy } from '../sso/sso-policy';
import { User } from '../users/user.entity';
import { UserRepository } from '../users/user.repository';
import { LoginAttempts } from './login-attempts';
import { VerifyAnswers } from './verify-answers';

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionService,
    private readonly uow: UnitOfWork,
    private readonly attempts: LoginAttempts,
    private readonly answers: VerifyAnswers,
    private readonly sso: SsoPolicy,
    private readonly users: UserRepository,
  ) {}

  async login(email: string, password: string, address: string): Promise<LoginResponse> {
    const attempt = await this.attempts.begin(email, address);
    const em = this.em.fork();
    const user = await em.findOne(User, { email }, { populate: ['company', 'passwordHash'] });
    // The same answer, after the same argon2 work, for an unknown email and a wrong password: emails cannot be probed.
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !valid) {
      await attempt.failed();
      throw unauthenticated('Invalid email or password');
    }
    await attempt.succeeded();
    // Asked only once the password was right: the answer tells nothing to someone guessing.
    const ssoOnly = await this.sso.passwordRefusal(em, { role: user.role, companyId: user.company?.id ?? null });
    if (ssoOnly) throw unauthenticated(ssoOnly);
    if (!user.isActive) throw unauthenticated('This account has been deactivated. Please contact your administrator.');
    return { token: this.sessions.issue(user), user: await this.answer(em, user) };
  }

  /**
   * One plain row (no entity), kept for a second with its JSON (verify-answers.ts): this answers on every page
   * load and token refresh.
   */
  verify(actor: Actor): Promise<JsonValue<VerifyResponse>> {
    return this.answers.get(actor.userId, async () => {
      const user = await this.users.answer(this.em, actor.userId, Scope.of(actor));
      if (!user) throw unauthenticated();
      return new JsonValue({ user });
    });
  }

  /** Changes the password, ends every other session of the user, and hands this session a fresh token. */
  changePassword(actor: Actor, currentPassword: string, newPassword: string): Promise<ChangePasswordResponse> {
    return this.uow.run(async (em, events) => {
      const user = await em.findOneOrFail(User, { id: actor.userId }, { populate: ['company', 'passwordHash'] });
      if (!(await verifyPassword(user.passwordHash, currentPassword))) throw invalid('Current password is incorrect', 'currentPassword');
      if (currentPassword === newPassword) throw invalid('New password must be different from the current one', 'newPassword');
      const before = await this.answer(em, user);
      user.passwordHash = await hashPassword(newPassword);
      user.mustChangePassword = false;
      user.tokenVersion += 1;
      await em.flush();
      const audience = { kind: 'user', userId: user.id, companyId: user.company?.id ?? null } as const;
      events.record('user.updated', audience, { user: await this.answer(em, user) }, { before, secrets: ['password'] });
      events.record('session.revoked', audience, { reason: 'password-changed', tokenVersion: user.tokenVersion });
      return { message: 'Password changed successfully', token: this.sessions.issue(user) };
    });
  }

  /** The person's answer within their company, as `em` sees it (a unit of work's: what it has written so far). */
  private async answer(em: EntityManager, user: User): Promise<UserView> {
    const view = await this.users.answer(em, user.id, user.company ? Scope.company(user.company.id) : undefined);
    if (!view) throw unauthenticated();
    return view;
  }
}
