import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { Role } from '@kpi/contracts';
import { Scope } from '../../common/tenancy/scope';
import { CompanySignIn } from './company-sign-in.entity';

export const SSO_REQUIRED_MESSAGE = 'Your company signs in with single sign-on. Use "Sign in with single sign-on" below.';

/**
 * "SSO required": a company's people sign in through its provider only. The superadmin belongs to no company
 * and always keeps the password (the break-glass account when a provider is down or misconfigured).
 */
@Injectable()
export class SsoPolicy {
  async passwordRefusal(em: EntityManager, person: { role: Role; companyId: string | null }): Promise<string | null> {
    if (person.role === 'superadmin' || !person.companyId) return null;
    const required = await em.count(CompanySignIn, Scope.company(person.companyId).where({ company: person.companyId, ssoRequired: true }));
    return required ? SSO_REQUIRED_MESSAGE : null;
  }
}
