import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Company as CompanyView, MessageResponse, CreateCompanyInput, UpdateCompanyInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { notFound } from '../../common/errors/app-error';
import { UnitOfWork } from '../../events/unit-of-work';
import { deleteStream } from '../../events/stored-events';
import { Company } from './company.entity';
import { ZONE_FOLLOWERS, type ZoneFollowers } from './company-ports';
import { allCompanies, companyAnswer, companyToChange, membersOf, NO_MEMBERS, removeCompany, toCompany } from './company.repository';

/** Companies are the superadmin's to manage; the roles guard on the controller enforces that. */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    @Inject(ZONE_FOLLOWERS) private readonly zoneFollowers: ZoneFollowers,
  ) {}

  async list(_actor: Actor): Promise<CompanyView[]> {
    return allCompanies(this.em.fork());
  }

  view(em: EntityManager, id: string): Promise<CompanyView> {
    return companyAnswer(em, id);
  }

  create(_actor: Actor, input: CreateCompanyInput): Promise<CompanyView> {
    return this.uow.run(async (em, events) => {
      const company = em.create(Company, { ...input, timeZone: input.timeZone || 'UTC' });
      await em.flush();
      const view = toCompany(company, NO_MEMBERS);
      events.record('company.created', { kind: 'superadmin' }, { company: view }, { before: null });
      return view;
    });
  }

  update(_actor: Actor, id: string, input: UpdateCompanyInput): Promise<CompanyView> {
    return this.uow.run(async (em, events) => {
      const company = await companyToChange(em, id);
      const before = toCompany(company, NO_MEMBERS);
      const zone = company.timeZone;
      em.assign(company, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
      await em.flush();
      // Periods follow the company's zone: in another zone its tasks fall into other months.
      if (company.timeZone !== zone) await this.zoneFollowers.rebuildCompany(em, company);
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
      const company = await companyToChange(em, id);
      const before = toCompany(company, NO_MEMBERS);
      const members = await membersOf(em, id);
      if (!(await removeCompany(em, id))) throw notFound('Company');
      await deleteStream(em, id);
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
