import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { LeaderboardPeriod, PublishedLeaderboard, LeaderboardQueryInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { invalid, notFound } from '../../common/errors/app-error';
import type { CsvDocument } from '../../common/csv/csv-file';
import { Scope } from '../../common/tenancy/scope';
import { Company } from '../companies/company.entity';
import { LeaderboardSnapshot } from './leaderboard-snapshot.entity';
import { leaderboardCsv } from './leaderboard.csv';
import { periodKey } from '../../common/periods/periods';


/** Published leaderboards: the frozen snapshot of a period, read back as it was published. */
@Injectable()
export class PublishedLeaderboardService {
  constructor(private readonly em: EntityManager) {}

  /** The caller's company's snapshot of the period (`?format=csv` downloads it); 404 if never published. */
  async read(actor: Actor, period: LeaderboardPeriod, query: LeaderboardQueryInput): Promise<PublishedLeaderboard | CsvDocument> {
    const scope = this.scopeOf(actor, query.company);
    const em = this.em.fork();
    const snapshot = await em.findOne(LeaderboardSnapshot, scope.where({ periodKey: periodKey(period) }));
    if (!snapshot) throw notFound('Published leaderboard');
    const board: PublishedLeaderboard = {
      type: snapshot.type,
      period: snapshot.month ? { year: snapshot.year, month: snapshot.month } : { year: snapshot.year },
      totalExecutives: snapshot.totalExecutives,
      entries: snapshot.entries,
      publishedAt: snapshot.generatedAt.toISOString(),
    };
    if (query.format !== 'csv') return board;
    const company = await em.findOneOrFail(Company, { id: snapshot.company.id }, { fields: ['timeZone'] });
    return leaderboardCsv({ ...board, generatedAt: board.publishedAt }, company.timeZone, new Date());
  }

  /** Admins and executives read their own company; naming another answers 404 like a missing one. The superadmin names one. */
  private scopeOf(actor: Actor, requested?: string): Scope {
    const scope = Scope.of(actor);
    if (scope.isAllCompanies && !requested) throw invalid('Company is required', 'company');
    return requested ? scope.companyById(requested, 'Published leaderboard') : scope;
  }
}
