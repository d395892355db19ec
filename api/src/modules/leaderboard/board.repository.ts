import type { EntityManager } from '@mikro-orm/knex';
import type { Leaderboard, LeaderboardEntry, LeaderboardPeriod } from '@kpi/contracts';
import { periodKey } from '../../common/periods/periods';
import type { RankedStanding } from '../stats/ranking';
import type { CompanyZone, Standings } from '../stats/standings';
import { badgeIcons } from './badge-icons.query';
import { LeaderboardSnapshot } from './leaderboard-snapshot.entity';
import { readRows } from '../../database/read-rows';
import { toDate, type DbDate } from '../../common/rows/columns';

/**
 * Leaderboard building blocks shared by the service and the demo seed, on top of the standings
 * (modules/stats/standings.ts). Each takes the entity manager of its caller, so they run inside a unit of work
 * (or the seed's transaction) when needed.
 */

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
export async function toEntries(em: EntityManager, companyId: string, ranked: RankedStanding[], asOf?: Date): Promise<LeaderboardEntry[]> {
  const icons = await badgeIcons(em, companyId, ranked.map((r) => r.userId), asOf);
  return ranked.map((r) => toEntry(r, icons.get(r.userId) ?? []));
}

export async function latestSnapshotAt(em: EntityManager, companyId: string, period: LeaderboardPeriod): Promise<Date | null> {
  const [snapshot] = await readRows<{ generated_at: DbDate }>(em, 'select generated_at from leaderboard_snapshots where company_id = ? and period_key = ?', [companyId, periodKey(period)]);
  return snapshot ? toDate(snapshot.generated_at) : null;
}

/** The board answer: `entries` is every ranked executive or one page of them; the count covers them all. */
export const toLeaderboard = (standings: Standings, entries: LeaderboardEntry[], generatedAt: Date | null, currentUserEntry: LeaderboardEntry | null = null): Leaderboard => ({
  type: standings.type,
  period: standings.period,
  totalExecutives: standings.totalExecutives,
  rankedExecutives: standings.ranked.length,
  entries,
  currentUserEntry,
  generatedAt: generatedAt?.toISOString() ?? null,
});

/** Stores the period's frozen snapshot, replacing an earlier one of the same period. */
export async function saveSnapshot(
  em: EntityManager,
  company: CompanyZone,
  board: Pick<Leaderboard, 'type' | 'period' | 'totalExecutives' | 'entries'>,
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
