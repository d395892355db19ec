import type { Actor } from '../auth/actor';
import { forbidden } from '../errors/app-error';

/**
 * The company a request works in. Admins and executives always work in their own company; naming another
 * one is refused. The superadmin may name any company, or none to read across all.
 */
export function companyScope(actor: Actor, requested?: string | null): string | undefined {
  if (actor.role === 'superadmin') return requested ?? undefined;
  if (!actor.companyId) throw forbidden('No company assigned to user');
  if (requested && requested !== actor.companyId) throw forbidden('You can only work within your own company');
  return actor.companyId;
}

/** The company an actor must work in, for writes that always belong to one company. */
export function ownCompany(actor: Actor): string {
  if (!actor.companyId) throw forbidden('No company assigned to user');
  return actor.companyId;
}

/**
 * A filter that limits an entity lookup to the actor's company. Entities of another company then look
 * exactly like missing ones (404), so a caller never learns they exist.
 */
export function tenantFilter(actor: Actor): { company?: string } {
  return actor.role === 'superadmin' ? {} : { company: actor.companyId ?? '__none__' };
}
