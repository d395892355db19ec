import type { EntityManager } from '@mikro-orm/knex';
import type { LeaderboardPeriod, LeaderboardType } from '@kpi/contracts';
import { periodKey } from '../../common/periods/periods';
import { inParallel } from '../../database/in-parallel';
import type { Company } from '../companies/company.entity';
import { rankStandings, type RankedStanding } from './ranking';
import { activeExecutiveCount, standingRows, topStandingRows } from './standings.query';

/**
 * A period's ranked standings, read from the score aggregates: what the leaderboard publishes and the KPI
 * figures rank an executive by. Each takes the entity manager of its caller.
 */

export type CompanyZone = Pick<Company, 'id' | 'timeZone'>;

export interface Standings {
  type: LeaderboardType;
  period: LeaderboardPeriod;
  totalExecutives: number;
  ranked: RankedStanding[];
}

export const typeOf = (period: LeaderboardPeriod): LeaderboardType => (period.month ? 'monthly' : 'yearly');

/** The ranked standings of a period, from its aggregate rows: two queries sent together, whatever the number of tasks. */
export async function computeStandings(em: EntityManager, company: CompanyZone, period: LeaderboardPeriod): Promise<Standings> {
  const [rows, totalExecutives] = await inParallel([standingRows(em, company.id, periodKey(period)), activeExecutiveCount(em, company.id)] as const);
  return { type: typeOf(period), period, totalExecutives, ranked: rankStandings(rows) };
}

/** Every active executive's ranked standing in a period, without the executive count: one query. */
export async function rankedStandings(em: EntityManager, company: CompanyZone, period: LeaderboardPeriod): Promise<RankedStanding[]> {
  return rankStandings(await standingRows(em, company.id, periodKey(period)));
}

/**
 * The first `size` places of a period, exactly as `computeStandings(…).ranked.slice(0, size)` would rank
 * them, reading only the executives who can reach them (the top of the period's total index).
 */
export async function computeTopStandings(em: EntityManager, company: CompanyZone, period: LeaderboardPeriod, size: number): Promise<Standings> {
  const [rows, totalExecutives] = await inParallel([topStandingRows(em, company.id, periodKey(period), size), activeExecutiveCount(em, company.id)] as const);
  return { type: typeOf(period), period, totalExecutives, ranked: rankStandings(rows).slice(0, size) };
}
