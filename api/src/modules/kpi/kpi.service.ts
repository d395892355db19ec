import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { performanceLevelFor, round1, type CompanyStats, type ExecutiveStats, type LeaderboardPeriod, type OverallStats, type CompanyStatsQueryInput, type ExecutiveStatsQueryInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { notFound } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import { User } from '../users/user.entity';
import { Company } from '../companies/company.entity';
import type { CsvDocument } from '../../common/csv/csv-file';
import { averageOf } from '../../common/math/average';
import { inParallel } from '../../database/in-parallel';
import { lastMonths, monthOf } from '../../common/periods/periods';
import { computeStandings } from '../stats/standings';
import { companyStatsCsv } from './company-stats.csv';
import {
  activeMembers,
  badgeCount,
  executivesByDepartment,
  levelDistribution,
  monthlySums,
  scoresByDepartment,
  taskFigures,
  taskFiguresByCompany,
} from './kpi.queries';
import { monthlySeries, topCompanies } from './stats-rules';


const MONTHS_SHOWN = 12;

/**
 * Performance figures for an executive, a company and the whole system, all computed by aggregate queries.
 * The formulas are written down in docs/scoring-and-ranking.md; keep the two in step.
 */
@Injectable()
export class KpiService {
  constructor(private readonly em: EntityManager) {}

  /** One executive: themselves, their company's admins, or the superadmin (a colleague 403, elsewhere 404). */
  async executive(actor: Actor, userId: string, query: ExecutiveStatsQueryInput): Promise<ExecutiveStats> {
    const em = this.em.fork();
    const user = await Scope.of(actor).visibleUser(em, User, userId, { populate: ['company'] });
    if (user.role !== 'executive' || !user.company) throw notFound('User');
    const company = user.company;
    const now = new Date();
    const current = monthOf(now, company.timeZone);

    const figures = await taskFigures(em, { assignedTo: user.id, company: company.id });
    const months = await monthlySums(em, { assignedTo: user.id, company: company.id }, lastMonths(company.timeZone, now, MONTHS_SHOWN).map((b) => b.key));
    const badges = await badgeCount(em, user.id, company.id);
    const standings = await computeStandings(em, company, rankPeriod(query, current));
    const averageScore = averageOf(figures.scored);
    return {
      averageScore,
      currentRank: standings.ranked.find((r) => r.userId === user.id)?.rank ?? null,
      totalExecutives: standings.totalExecutives,
      totalTasks: figures.totalTasks,
      completedTasks: figures.completedTasks,
      badges,
      performanceLevel: performanceLevelFor(averageScore),
      monthlyScores: monthlySeries(lastMonths(company.timeZone, now, MONTHS_SHOWN), months, (month, s) => ({ month, score: averageOf(s), scoredTasks: s.count })),
      scoreBreakdown: {
        qualityAverage: round1(figures.qualityAverage),
        timeAverage: round1(figures.timeAverage),
        initiativeAverage: round1(figures.initiativeAverage),
      },
    };
  }

  /** One company: its admins or the superadmin; another company's id answers 404 like a missing one. */
  async company(actor: Actor, companyId: string, query: CompanyStatsQueryInput): Promise<CompanyStats | CsvDocument> {
    const em = this.em.fork();
    Scope.of(actor).companyById(companyId);
    const company = await em.findOne(Company, { id: companyId });
    if (!company) throw notFound('Company');
    const now = new Date();
    const buckets = lastMonths(company.timeZone, now, MONTHS_SHOWN);

    const figures = await taskFigures(em, { company: company.id });
    const members = (await activeMembers(em, company.id)).get(company.id) ?? { admins: 0, executives: 0 };
    const months = await monthlySums(em, { company: company.id }, buckets.map((b) => b.key));
    const departments = await executivesByDepartment(em, company.id);
    const departmentScores = await scoresByDepartment(em, company.id);
    const distribution = await levelDistribution(em, [company.id]);

    const stats: CompanyStats = {
      totalExecutives: members.executives,
      totalTasks: figures.totalTasks,
      completedTasks: figures.completedTasks,
      averageScore: averageOf(figures.scored),
      monthlyPerformance: monthlySeries(buckets, months, (month, s) => ({ month, averageScore: averageOf(s), tasksCompleted: s.count })),
      departmentStats: [...departments.entries()]
        .map(([department, executiveCount]) => ({ department, executiveCount, averageScore: averageOf(departmentScores.get(department) ?? { sum: 0, count: 0 }) }))
        .sort((a, b) => a.department.localeCompare(b.department, 'en')),
      performanceDistribution: distribution,
    };
    return query.format === 'csv' ? companyStatsCsv(company, stats, now) : stats;
  }

  /** Every company at once, for the superadmin. Monthly trends bucket each company's tasks in its own zone. */
  async overall(_actor: Actor): Promise<OverallStats> {
    const em = this.em.fork();
    const now = new Date();
    const companies = await em.find(Company, {}, { orderBy: { name: 'asc', id: 'asc' } });
    const ids = companies.map((c) => c.id);
    // The system's months are UTC months; each company's tasks fall into them by its own zone's bounds (its
    // month rows are kept in its zone).
    const keys = lastMonths('UTC', now, MONTHS_SHOWN);
    // Independent reads, sent together: on SQLite the level distribution runs on the read connection while the
    // others take turns on the ORM's, so the two overlap on separate threads.
    const [figures, members, months, distribution] = await inParallel([
      taskFiguresByCompany(em, ids),
      activeMembers(em),
      monthlySums(em, { companies: ids }, keys.map((k) => k.key)),
      levelDistribution(em, ids),
    ] as const);

    const companyPerformance = companies.map((c) => {
      const f = figures.get(c.id) ?? { totalTasks: 0, scored: { sum: 0, count: 0 } };
      return { companyId: c.id, company: c.name, executiveCount: members.get(c.id)?.executives ?? 0, averageScore: averageOf(f.scored), tasksCompleted: f.scored.count };
    });
    const totals = [...figures.values()].reduce(
      (acc, f) => ({ tasks: acc.tasks + f.totalTasks, sum: acc.sum + f.scored.sum, count: acc.count + f.scored.count }),
      { tasks: 0, sum: 0, count: 0 },
    );
    const people = [...members.values()].reduce((acc, m) => ({ admins: acc.admins + m.admins, executives: acc.executives + m.executives }), { admins: 0, executives: 0 });
    return {
      totalCompanies: companies.length,
      totalAdmins: people.admins,
      totalExecutives: people.executives,
      totalTasks: totals.tasks,
      completedTasks: totals.count,
      averageScore: averageOf({ sum: totals.sum, count: totals.count }),
      companyPerformance,
      monthlyTrends: monthlySeries(keys, months, (month, s) => ({ month, averageScore: averageOf(s) })),
      performanceDistribution: distribution,
      topPerformingCompanies: topCompanies(companyPerformance).map((c) => ({ companyId: c.companyId, company: c.company, score: c.averageScore })),
    };
  }
}

/** The leaderboard period a rank is read for: neither → the current month; a year alone → that year. */
function rankPeriod(query: ExecutiveStatsQueryInput, current: { year: number; month: number }): LeaderboardPeriod {
  if (query.year === undefined && query.month === undefined) return current;
  const year = query.year ?? current.year;
  return query.month ? { year, month: query.month } : { year };
}
