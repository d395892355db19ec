import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { InvitationResponse, MessageResponse, User as UserView, CreateUserInput, UpdateUserInput, UserListInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { hashPassword } from '../../common/auth/passwords';
import type { Page } from '../../common/paging/page';
import { AppError, forbidden, invalid, notFound } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import type { EventRecorder } from '../../events/event-recorder';
import type { ChangeNote } from '../../events/outbox-sink';
import { UnitOfWork } from '../../events/unit-of-work';
import { Company } from '../companies/company.entity';
import { companyAnswer } from '../companies/company.repository';
import { User } from './user.entity';
import { UserRepository } from './user.repository';
import { INVITATIONS, PERSON_FIGURES, type Invitations, type IssuedInvitation, type PersonFigures } from './user-ports';


/** The hash of a person who has no password yet (invited): no password verifies against it. */
const NO_PASSWORD = '';
/** The hash of a person single sign-on created: signs in through their provider, no password verifies. */
const SSO_ONLY = '!sso';

/**
 * Who manages whom (docs/product.md#roles, docs/decisions.md): the superadmin manages companies and admins and reads
 * everyone else; an admin manages the executives of their own company only; executives manage nobody.
 */
const EXECUTIVES_BELONG_TO_ADMINS = "Executives are managed by their company's admins; the superadmin manages companies and admins";

@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    @Inject(PERSON_FIGURES) private readonly figures: PersonFigures,
    @Inject(INVITATIONS) private readonly links: Invitations,
    private readonly users: UserRepository,
  ) {}

  /** GET /users: an admin's company, or for the superadmin one company (`?company=`) or everyone. */
  list(actor: Actor, query: UserListInput): Promise<Page<UserView[]>> {
    return this.users.page('users', Scope.of(actor).narrowTo(query.company), query, query.limit, query.cursor);
  }

  /** GET /users/company/{id}: another company's id is 404 for an admin, and for anyone if it does not exist. */
  async listCompany(actor: Actor, companyId: string, query: UserListInput): Promise<Page<UserView[]>> {
    const scope = Scope.of(actor).companyById(companyId);
    if (actor.role === 'superadmin' && !(await this.em.fork().findOne(Company, { id: companyId }, { fields: ['id'] }))) throw notFound('Company');
    return this.users.page('company-users', scope, query, query.limit, query.cursor);
  }

  create(actor: Actor, input: CreateUserInput): Promise<UserView> {
    return this.uow.run(async (em, events) => this.answer(em, await this.createIn(em, events, actor, input)));
  }

  /**
   * POST /users inside the caller's unit of work: the same rules, checks and events. The import's batches
   * (modules/imports) create people through here; `counts: false` leaves the company's member count to the
   * caller, which records it once per batch instead of once per person.
   */
  async createIn(em: EntityManager, events: EventRecorder, actor: Actor, input: CreateUserInput, options: { counts: boolean } = { counts: true }): Promise<User> {
    const { role } = input;
    if (role === 'superadmin') throw forbidden('Superadmin accounts cannot be created here');
    if (actor.role === 'admin' && role !== 'executive') throw forbidden('Admins can only create executives');
    if (actor.role === 'superadmin' && role === 'executive') throw forbidden(EXECUTIVES_BELONG_TO_ADMINS);
    const companyId = Scope.of(actor).narrowTo(input.company).companyId;
    if (!companyId) throw invalid('Company is required', 'company');
    const company = await em.findOne(Company, { id: companyId });
    if (!company) throw invalid('Company does not exist', 'company');
    await this.assertEmailFree(em, input.email);

    const user = em.create(User, {
      name: input.name,
      email: input.email,
      department: input.department,
      phoneNumber: input.phoneNumber,
      role,
      company,
      // Without a password the person waits for an invitation and chooses their own (docs/invitations.md).
      passwordHash: input.password === undefined ? NO_PASSWORD : await hashPassword(input.password),
      // Someone else chose this password: the owner must replace it.
      mustChangePassword: input.password !== undefined,
    });
    await em.flush();
    this.recordChange(events, 'created', await this.answer(em, user), { before: null, secrets: input.password === undefined ? [] : ['password'] });
    if (options.counts) await this.recordCounts(em, events, company.id);
    return user;
  }

  /**
   * A person single sign-on creates on their first sign-in (modules/sso), inside its unit of work: no password
   * of ours (`SSO_ONLY`), the role the company's group mapping gave, the same events as any created person.
   */
  async createSignedUp(em: EntityManager, events: EventRecorder, company: Company, person: { name: string; email: string; role: 'admin' | 'executive' }): Promise<User> {
    const user = em.create(User, { ...person, company, passwordHash: SSO_ONLY, mustChangePassword: false });
    await em.flush();
    this.recordChange(events, 'created', await this.answer(em, user), { before: null });
    await this.recordCounts(em, events, company.id);
    return user;
  }

  update(actor: Actor, id: string, input: UpdateUserInput): Promise<UserView> {
    return this.uow.run(async (em, events) => this.answer(em, await this.updateIn(em, events, actor, id, input)));
  }

  /** PUT /users/{id} inside the caller's unit of work (the import's batches update and deactivate through here). */
  async updateIn(em: EntityManager, events: EventRecorder, actor: Actor, id: string, input: UpdateUserInput): Promise<User> {
    const user = await this.findManageable(em, actor, id);
    const before = await this.answer(em, user);
    const formerCompanyId = user.company?.id ?? null;
    if (input.role !== undefined && input.role !== user.role) throw forbidden('Roles cannot be changed');
    if (input.company !== undefined && input.company !== null && input.company !== user.company?.id) {
      if (actor.role !== 'superadmin') throw forbidden('You can only work within your own company');
      const target = await em.findOne(Company, { id: input.company });
      if (!target) throw invalid('Company does not exist', 'company');
      user.company = target;
    }
    if (input.email !== undefined && input.email !== user.email) {
      await this.assertEmailFree(em, input.email);
      user.email = input.email;
    }
    if (input.name !== undefined) user.name = input.name;
    if (input.department !== undefined) user.department = input.department;
    if (input.phoneNumber !== undefined) user.phoneNumber = input.phoneNumber;

    // Every change of who the user is ends their sessions and sockets (docs/security.md): their token and the
    // rooms their sockets joined were chosen for the user they were.
    let revoke: 'deactivated' | 'reactivated' | 'password-changed' | 'company-changed' | null = formerCompanyId !== (user.company?.id ?? null) ? 'company-changed' : null;
    if (input.password !== undefined) {
      user.passwordHash = await hashPassword(input.password);
      user.mustChangePassword = true;
      revoke = 'password-changed';
    }
    if (input.isActive !== undefined && input.isActive !== user.isActive) {
      if (user.id === actor.userId) throw forbidden('You cannot deactivate your own account');
      user.isActive = input.isActive;
      revoke = input.isActive ? 'reactivated' : 'deactivated';
    }
    if (revoke) user.tokenVersion += 1;
    await em.flush();

    const view = await this.answer(em, user);
    this.recordChange(events, 'updated', view, { before, secrets: input.password === undefined ? [] : ['password'] });
    if (revoke) {
      // On the stream the old sessions follow (the former company's, after a move).
      events.record('session.revoked', { kind: 'user', userId: user.id, companyId: formerCompanyId }, { reason: revoke, tokenVersion: user.tokenVersion });
    }
    return user;
  }

  /** Sends (or sends again) an invitation to choose a password; an earlier link stops working. */
  async invite(actor: Actor, id: string): Promise<InvitationResponse> {
    const { user, issued } = await this.uow.run(async (em, events) => {
      const user = await this.findManageable(em, actor, id);
      return { user, issued: await this.inviteIn(em, events, user) };
    });
    return this.links.deliverInvitation(user, issued);
  }

  /**
   * An invitation for a person the caller already holds, inside its unit of work (a new person of an import);
   * hand the result to `Invitations.deliverInvitation` once it committed. `newPerson`: see
   * `PasswordLinksService.issueInvitation`.
   */
  async inviteIn(em: EntityManager, events: EventRecorder, user: User, options: { newPerson?: boolean } = {}): Promise<IssuedInvitation> {
    if (!user.isActive) throw forbidden('Reactivate this account before inviting them');
    const before = await this.answer(em, user);
    const issued = await this.links.issueInvitation(em, user, options);
    this.recordChange(events, 'updated', await this.answer(em, user), { before });
    return issued;
  }

  /** Withdraws a person's unused invitation: its link then says so. */
  revokeInvitation(actor: Actor, id: string): Promise<MessageResponse> {
    return this.uow.run(async (em, events) => {
      const user = await this.findManageable(em, actor, id);
      const before = await this.answer(em, user);
      if (!(await this.links.revokeInvitation(em, user))) throw notFound('Invitation');
      this.recordChange(events, 'updated', await this.answer(em, user), { before });
      return { message: 'Invitation withdrawn' };
    });
  }

  remove(actor: Actor, id: string): Promise<MessageResponse> {
    return this.uow.run(async (em, events) => {
      const user = await this.findManageable(em, actor, id);
      if (user.id === actor.userId) throw forbidden('You cannot delete your own account');
      const view = await this.answer(em, user);
      const companyId = user.company?.id ?? null;
      events.record('session.revoked', { kind: 'user', userId: user.id, companyId }, { reason: 'deleted', tokenVersion: user.tokenVersion + 1 });
      await this.figures.forgetUser(em, Scope.of(actor), user.id);
      await em.nativeDelete(User, { id: user.id });
      this.recordChange(events, 'deleted', view, { before: view });
      if (companyId) await this.recordCounts(em, events, companyId);
      return { message: `${user.role === 'admin' ? 'Admin' : 'Executive'} deleted successfully` };
    });
  }

  /** A user the actor may change: 404 outside their reach (another company), 403 for a role they do not manage. */
  private async findManageable(em: EntityManager, actor: Actor, id: string): Promise<User> {
    const user = await this.users.findOwn(em, Scope.of(actor), id);
    if (actor.role === 'superadmin') {
      if (user.role === 'superadmin' && user.id !== actor.userId) throw forbidden('Superadmin accounts cannot be changed here');
      if (user.role === 'executive') throw forbidden(EXECUTIVES_BELONG_TO_ADMINS);
      return user;
    }
    if (actor.role === 'admin') {
      if (user.role !== 'executive') throw forbidden('Admins can only manage executives');
      return user;
    }
    throw forbidden('Your role does not allow this');
  }

  private async assertEmailFree(em: EntityManager, email: string): Promise<void> {
    const taken = await Scope.acrossCompanies('an email names one user across all companies', () => em.count(User, { email }));
    if (taken) throw new AppError('CONFLICT', 'A user with this email already exists', 'email');
  }

  /** The person's answer as the unit of work has left it so far, read within their company. */
  private async answer(em: EntityManager, user: User): Promise<UserView> {
    const view = await this.users.answer(em, user.id, user.company ? Scope.company(user.company.id) : undefined);
    if (!view) throw notFound('User');
    return view;
  }

  /** Executives are news for their company's admins; admins for the superadmin. Each user hears of their own record. */
  /** `note`: what the audit trail records besides the payload (the person before the change; events/outbox-sink.ts). */
  private recordChange(events: EventRecorder, change: 'created' | 'updated' | 'deleted', user: UserView, note: ChangeNote): void {
    const companyId = user.company?._id ?? null;
    if (user.role === 'executive' && companyId) {
      const audience = { kind: 'admins', companyId } as const;
      if (change === 'deleted') events.record('user.deleted', audience, { userId: user._id }, note);
      else events.record(`user.${change}`, audience, { user }, note);
    }
    if (user.role === 'admin') {
      if (change === 'deleted') events.record('admin.deleted', { kind: 'superadmin' }, { userId: user._id }, note);
      else events.record(`admin.${change}`, { kind: 'superadmin' }, { user }, note);
    }
    if (change === 'updated') events.record('user.updated', { kind: 'user', userId: user._id, companyId }, { user }, note);
  }

  /** Member counts appear on the superadmin's company cards. */
  async recordCounts(em: EntityManager, events: EventRecorder, companyId: string): Promise<void> {
    await em.flush();
    const company = await companyAnswer(em, companyId);
    // A count moved because of the person's change, which the audit trail records; not a change of the company's.
    events.record('company.updated', { kind: 'superadmin' }, { company }, { sideEffect: true });
  }
}
