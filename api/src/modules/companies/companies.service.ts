import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Company as CompanyView, MessageResponse, CreateCompanyInput, UpdateCompanyInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { notFound } from '../../common/errors/app-error';
import { UnitOfWork } from '../../events/unit-of-work';
import { deleteStream } from '../../events/stored-events';
import { ScoreAggregatesService } from '../stats/score-aggregates.service';
import { ScoreHistory } from '../tasks/score-history.entity';
import { User } from '../users/user.entity';
import { ScoringKey } from '../tasks/scoring-key.entity';
import { Company } from './company.entity';
import { toCompanyView } from './company.view';
import { memberCounts } from './member-counts.query';


const NO_MEMBERS = { admins: 0, executives: 0 };

/** Companies are the superadmin's to manage; the roles guard on the controller enforces that. */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly aggregates: ScoreAggregatesService,
  ) {}

  async list(_actor: Actor): Promise<CompanyView[]> {
    const em = this.em.fork();
    const companies = await em.find(Company, {}, { orderBy: { createdAt: 'desc', name: 'asc' } });
    const counts = await memberCounts(em);
    return companies.map((c) => toCompanyView(c, counts.get(c.id) ?? NO_MEMBERS));
  }

  async view(em: EntityManager, id: string): Promise<CompanyView> {
    const company = await em.findOneOrFail(Company, { id });
    const counts = await memberCounts(em, [id]);
    return toCompanyView(company, counts.get(id) ?? NO_MEMBERS);
  }

  create(_actor: Actor, input: CreateCompanyInput): Promise<CompanyView> {
    return this.uow.run(async (em, events) => {
      const company = em.create(Company, { ...input, timeZone: input.timeZone || 'UTC' });
      await em.flush();
      const view = toCompanyView(company, NO_MEMBERS);
      events.record('company.created', { kind: 'superadmin' }, { company: view }, { before: null });
      return view;
    });
  }

  update(_actor: Actor, id: string, input: UpdateCompanyInput): Promise<CompanyView> {
    return this.uow.run(async (em, events) => {
      const company = await em.findOne(Company, { id });
      if (!company) throw notFound('Company');
      const before = toCompanyView(company, NO_MEMBERS);
      const zone = company.timeZone;
      em.assign(company, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
      await em.flush();
      // Periods follow the company's zone: in another zone its tasks fall into other months.
      if (company.timeZone !== zone) await this.aggregates.rebuildCompany(em, company);
      const view = await this.view(em, id);
      events.record('company.updated', { kind: 'superadmin' }, { company: view }, { before });
      return view;
    });
  }

  /**
   * Removes the company and, through cascading foreign keys, all its users, tasks, announcements, badges and
   * wall displays; the displays' screens are disconnected (and go back to pairing).
   */
  remove(_actor: Actor, id: string): Promise<MessageResponse> {
    return this.uow.run(async (em, events) => {
      // Read for the audit trail's entry (the company's name and settings), and to answer 404.
      const company = await em.findOne(Company, { id });
      if (!company) throw notFound('Company');
      const before = toCompanyView(company, NO_MEMBERS);
      const members = await em.find(User, { company: id }, { fields: ['id', 'tokenVersion'] });
      const found = await em.nativeDelete(Company, { id });
      if (!found) throw notFound('Company');
      await deleteStream(em, id);
      // History keeps plain ids (it outlives a task or a user), so no foreign key removes it with the company.
      await em.nativeDelete(ScoreHistory, { companyId: id });
      await em.nativeDelete(ScoringKey, { companyId: id });
      // Once committed, this also closes the company's wall displays' sockets (realtime/disconnects.ts).
      events.record('company.deleted', { kind: 'superadmin' }, { companyId: id }, { before });
      // Each member's sockets close (on every instance) and any cached session ends. The company's own stream is
      // gone, so these go on the system stream, where only each user could ever replay their own.
      for (const m of members) {
        events.record('session.revoked', { kind: 'user', userId: m.id, companyId: null }, { reason: 'company-deleted', tokenVersion: m.tokenVersion + 1 });
      }
      return { message: 'Company deleted successfully' };
    });
  }
}
