import type { EntityManager } from '@mikro-orm/knex';
import type { InvitationResponse } from '@kpi/contracts';
import type { Scope } from '../../common/tenancy/scope';
import type { User } from './user.entity';

/**
 * What the users module asks of modules above it, without importing them (docs/architecture.md, "Ports"):
 * app.module.ts provides each token with its implementation.
 */

/** An issued invitation link, to deliver once the unit of work that issued it committed. */
export interface IssuedInvitation {
  token: string;
  expiresAt: Date;
}

/** Invitations to choose a password (implemented by the password-links module). */
export interface Invitations {
  /** Issues a new link inside the caller's unit of work; an earlier one stops working. */
  issueInvitation(em: EntityManager, user: User, options?: { newPerson?: boolean }): Promise<IssuedInvitation>;
  /** Sends the committed invitation (mail, or the link in the answer where no mail is set up). */
  deliverInvitation(user: User, issued: IssuedInvitation): Promise<InvitationResponse>;
  /** Withdraws the person's unused invitation; false when there was none. */
  revokeInvitation(em: EntityManager, user: User): Promise<boolean>;
}
export const INVITATIONS = Symbol('Invitations');

/** Figures kept per person outside the users table (the score aggregates, implemented by the stats module). */
export interface PersonFigures {
  /** Before a person is deleted, inside the deleting unit of work: their share leaves the company's figures. */
  forgetUser(em: EntityManager, scope: Scope, userId: string): Promise<void>;
}
export const PERSON_FIGURES = Symbol('PersonFigures');
