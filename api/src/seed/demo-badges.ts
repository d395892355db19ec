import type { EntityManager } from '@mikro-orm/knex';
import { storeAwards } from '../modules/badges/badge-awards';
import { BadgeCatalogue } from '../modules/badges/badge-catalogue';
import { periodBadges, taskBadges, type AwardDraft } from '../modules/badges/badge-rules';
import { lastCompleteMonths, periodKey, periodLabel } from '../common/periods/periods';
import { saveSnapshot, toEntries, toLeaderboard } from '../modules/leaderboard/board.repository';
import { computeStandings } from '../modules/stats/standings';
import { Task } from '../modules/tasks/task.entity';
import type { DemoPeople } from './demo-people';

const HOUR = 3600 * 1000;
const PUBLISHED_MONTHS = 3;

/**
 * The badges the seeded history earned, by the same rules as the live app: per-task badges dated when each
 * task was scored, and the last three complete months published for every company (a frozen snapshot and
 * the period badges, dated the morning after the month ended). No events, no notifications: it is history.
 */
export async function seedBadges(em: EntityManager, people: DemoPeople, now = new Date()): Promise<void> {
  const catalogue = new BadgeCatalogue();
  for (const { company, admin } of people.companies) {
    const scored = await em.find(Task, { company, scoredAt: { $ne: null } }, { orderBy: { scoredAt: 'asc', id: 'asc' } });
    // Oldest first: for a badge held once ever (first-task), the first draft is the one kept.
    const drafts: AwardDraft[] = scored.flatMap((t) =>
      taskBadges({ taskId: t.id, title: t.title, userId: t.assignedTo.id, totalScore: t.totalScore ?? 0, submittedAt: t.submittedAt, deadline: t.deadline }).map(
        (d) => ({ ...d, awardedAt: t.scoredAt! }),
      ),
    );
    await storeAwards(em, catalogue, company.id, drafts);

    for (const month of lastCompleteMonths(company.timeZone, now, PUBLISHED_MONTHS)) {
      const period = { year: month.year, month: month.month };
      const publishedAt = new Date(Math.min(month.end.getTime() + 9 * HOUR, now.getTime()));
      const standings = await computeStandings(em, company, period);
      const awards = periodBadges(standings.ranked, periodKey(period), periodLabel(period)).map((d) => ({ ...d, awardedAt: publishedAt }));
      await storeAwards(em, catalogue, company.id, awards);
      const board = toLeaderboard(standings, await toEntries(em, company.id, standings.ranked, publishedAt), publishedAt);
      await saveSnapshot(em, company, board, publishedAt, admin.id);
    }
  }
}
