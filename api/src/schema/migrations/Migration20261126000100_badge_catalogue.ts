import { Migration } from '@mikro-orm/migrations';

/** The badge catalogue. Ids are stable so rules and tests can name them. */
export const BADGE_CATALOGUE = [
  { id: 'first-task', icon: '🎯', name: 'First Task', description: 'Completed and scored a first task', criterion: 'first-task' },
  { id: 'perfect-score', icon: '💯', name: 'Perfect Score', description: 'Earned a total score of 10 on a task', criterion: 'perfect-score' },
  { id: 'early-bird', icon: '⚡', name: 'Early Bird', description: 'Submitted work a full day before its deadline', criterion: 'early-bird' },
  { id: 'top-performer', icon: '🏆', name: 'Top Performer', description: 'Ranked first in a published leaderboard', criterion: 'rank-1' },
  { id: 'podium', icon: '🥉', name: 'Podium Finish', description: 'Ranked in the top three of a published leaderboard', criterion: 'top-3' },
  { id: 'consistent-excellence', icon: '⭐', name: 'Consistent Excellence', description: 'Averaged 7.5 or more over at least three tasks in a period', criterion: 'excellent-period' },
  { id: 'recognition', icon: '🎖️', name: 'Recognition', description: 'Recognised by an admin for outstanding work', criterion: 'manual' },
] as const;

export class Migration20261126000100_badge_catalogue extends Migration {
  override async up(): Promise<void> {
    for (const b of BADGE_CATALOGUE) {
      this.addSql(
        this.getKnex()
          .insert({ id: b.id, icon: b.icon, name: b.name, description: b.description, criterion: b.criterion })
          .into('badges')
          .toQuery(),
      );
    }
  }
}
