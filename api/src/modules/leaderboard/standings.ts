import type { EntityManager } from '@mikro-orm/sqlite';
import type { Leaderboard, LeaderboardEntry, LeaderboardPeriod, LeaderboardType } from '@kpi/contracts';
import type { Company } from '../companies/company.entity';
import { LeaderboardSnapshot } from './leaderboard-snapshot.entity';
import { activeExecutiveCount, badgeIcons, standingOf, standingRows, topStandingRows } from './leaderboard.query';
import { periodKey } from './periods';
import { rankStandings, type RankedStanding } from './ranking';
import { readRows } from '../../database/read-rows';
import { toDate, type DbDate } from '../../common/rows/columns';

/**
 * Leaderboard building blocks shared by the service, the KPI figures and the demo seed. Each takes the
 * entity manager of its caller, so they run inside a unit of work (or the seed's transaction) when needed.
 */

export type CompanyZone = Pick<Company, 'id' | 'timeZone'>;

export interface Standings {
  type: LeaderboardType;
  period: LeaderboardPeriod;
  totalExecutives: number;
  ranked: RankedStanding[];
}

export const typeOf = (period: LeaderboardPeriod): LeaderboardType => (period.month ? 'monthly' : 'yearly');

/** The ranked standings of a period, from its aggregate rows: two queries whatever the number of tasks. */
export async function computeStandings(em: EntityManager, company: CompanyZone, period: LeaderboardPeriod): Promise<Standings> {
  const rows = await standingRows(em, company.id, periodKey(period));
  const totalExecutives = await activeExecutiveCount(em, company.id);
  return { type: typeOf(period), period, totalExecutives, ranked: rankStandings(rows) };
}

/**
 * The first `size` places of a period, exactly as `computeStandings(…).ranked.slice(0, size)` would rank
 * them, reading only the executives who can reach them (the top of the period's total index).
 */
export async function computeTopStandings(em: EntityManager, company: CompanyZone, period: LeaderboardPeriod, size: number): Promise<Standings> {
  const rows = await topStandingRows(em, company.id, periodKey(period), size);
  const totalExecutives = await activeExecutiveCount(em, company.id);
  return { type: typeOf(period), period, totalExecutives, ranked: rankStandings(rows).slice(0, size) };
}

/** Where one executive stands in a period (rank = 1 + those with a higher total), or null with nothing scored. */
export async function standingPosition(em: EntityManager, company: CompanyZone, period: LeaderboardPeriod, userId: string): Promise<RankedStanding | null> {
  const found = await standingOf(em, company.id, periodKey(period), userId);
  if (!found) return null;
  const [ranked] = rankStandings([found.row]);
  return { ...ranked, rank: found.ahead + 1 };
}

const toEntry = (r: RankedStanding, badges: string[]): LeaderboardEntry => ({
  rank: r.rank,
  user: { _id: r.userId, name: r.name, department: r.department },
  totalScore: r.totalScore,
  tasksCompleted: r.tasksCompleted,
  averageScore: r.averageScore,
  performanceLevel: r.performanceLevel,
  badges,
});

/** Wire entries with their badge icons (held by `asOf`, when given), fetched in one query for all of them. */
export async function toEntries(em: EntityManager, ranked: RankedStanding[], asOf?: Date): Promise<LeaderboardEntry[]> {
  const icons = await badgeIcons(em, ranked.map((r) => r.userId), asOf);
  return ranked.map((r) => toEntry(r, icons.get(r.userId) ?? []));
}

export async function latestSnapshotAt(em: EntityManager, companyId: string, period: LeaderboardPeriod): Promise<Date | null> {
  const [snapshot] = await readRows<{ generated_at: DbDate }>(em, 'select generated_at from leaderboard_snapshots where company_id = ? and period_key = ?', [companyId, periodKey(period)]);
  return snapshot ? toDate(snapshot.generated_at) : null;
}

export const toLeaderboard = (standings: Standings, entries: LeaderboardEntry[], generatedAt: Date | null): Leaderboard => ({
  type: standings.type,
  period: standings.period,
  totalExecutives: standings.totalExecutives,
  entries,
  generatedAt: generatedAt?.toISOString() ?? null,
});

/** Stores the period's frozen snapshot, replacing an earlier one of the same period. */
export async function saveSnapshot(
  em: EntityManager,
  company: CompanyZone,
  board: Leaderboard,
  generatedAt: Date,
  generatedById: string | null,
): Promise<LeaderboardSnapshot> {
  const key = periodKey(board.period);
  const fields = {
    type: board.type,
    year: board.period.year,
    month: board.period.month ?? null,
    totalExecutives: board.totalExecutives,
    entries: board.entries,
    generatedAt,
    generatedById,
  };
  const existing = await em.findOne(LeaderboardSnapshot, { company: company.id, periodKey: key });
  const snapshot = existing ? Object.assign(existing, fields) : em.create(LeaderboardSnapshot, { company: company.id, periodKey: key, ...fields });
  await em.flush();
  return snapshot;
}
