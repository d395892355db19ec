import type { Leaderboard } from '@kpi/contracts';
import { CsvDocument, csvFile, oneDecimal } from '../../common/csv/csv-file';
import { periodKey, periodLabel } from '../../common/periods/periods';

export const LEADERBOARD_CSV_HEADER = ['rank', 'name', 'department', 'totalScore', 'tasksCompleted', 'averageScore', 'performanceLevel'];

/**
 * The leaderboard as a download: what the screen shows, with the period, the time zone whose calendar
 * bounds it, and when it was computed.
 */
export function leaderboardCsv(board: Pick<Leaderboard, 'type' | 'period' | 'totalExecutives' | 'entries' | 'generatedAt'>, timeZone: string, now: Date): CsvDocument {
  const published = board.generatedAt ? `published ${board.generatedAt}` : 'not published';
  const comment = `${board.type === 'monthly' ? 'Monthly' : 'Yearly'} leaderboard ${periodLabel(board.period)} (${timeZone}); generated ${now.toISOString()}; ${published}; ${board.entries.length} of ${board.totalExecutives} executives ranked`;
  const rows = board.entries.map((e) => [e.rank, e.user.name, e.user.department, oneDecimal(e.totalScore), e.tasksCompleted, oneDecimal(e.averageScore), e.performanceLevel]);
  return new CsvDocument(`leaderboard-${periodKey(board.period)}.csv`, csvFile(comment, [[LEADERBOARD_CSV_HEADER, ...rows]]));
}
