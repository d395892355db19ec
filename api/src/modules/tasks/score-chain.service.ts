import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { ScoreChainReport } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { invalid, notFound } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import { Company } from '../companies/company.entity';
import { verifyChain } from './score-chain.repository';

/** Checks a company's whole score history chain: an admin their own company's, the superadmin any named one. */
@Injectable()
export class ScoreChainService {
  constructor(private readonly em: EntityManager) {}

  async verify(actor: Actor, requested?: string): Promise<ScoreChainReport> {
    const companyId = Scope.of(actor).narrowTo(requested).companyId;
    if (!companyId) throw invalid('Company is required', 'company');
    const em = this.em.fork();
    if (!(await em.count(Company, { id: companyId }))) throw notFound('Company');
    return { companyId, ...(await verifyChain(em, companyId)) };
  }
}
