import type { LeaderboardEntry, Top10Response } from '@kpi/contracts';
import { PreparedJson } from '../../common/http/prepared-json';

/** The answer of everyone without a position, per kept first places (so per company and period). */
const UNRANKED = new WeakMap<LeaderboardEntry[], Top10Answer>();

/**
 * One caller's top 10, sent as `JSON.stringify` of its contract-typed value (PreparedJson). The first places
 * are the same for everyone asking about the period; the answer of everyone without a position is kept with
 * them, so it is serialised once.
 */
export class Top10Answer extends PreparedJson<Top10Response> {
  constructor(readonly value: Top10Response) {
    super();
  }

  /**
   * The top 10 of every caller without a position in the period (admins, executives not ranked yet): one
   * answer, bytes and ETag made once, for as long as its first places are kept (standings-cache.ts).
   */
  static unranked(top10: LeaderboardEntry[], totalExecutives: number, period: Top10Response['period']): Top10Answer {
    const kept = UNRANKED.get(top10);
    if (kept && kept.value.totalExecutives === totalExecutives && kept.value.period.year === period.year && kept.value.period.month === period.month) return kept;
    const answer = new Top10Answer({ top10, currentUserPosition: null, totalExecutives, period });
    UNRANKED.set(top10, answer);
    return answer;
  }
}
