import type { LeaderboardEntry, Top10Response } from '@kpi/contracts';
import { PreparedJson } from '../../common/http/prepared-json';

/** The JSON of a kept period's first places, made once for every caller it serves (standings-cache.ts). */
const ENTRIES_JSON = new WeakMap<LeaderboardEntry[], string>();

function entriesJson(top10: LeaderboardEntry[]): string {
  let json = ENTRIES_JSON.get(top10);
  if (json === undefined) ENTRIES_JSON.set(top10, (json = JSON.stringify(top10)));
  return json;
}

/** The answer of everyone without a position, per kept first places (so per company and period). */
const UNRANKED = new WeakMap<LeaderboardEntry[], Top10Answer>();

/**
 * One caller's top 10: the first places are the same for everyone asking about the period, their own
 * position is theirs. Its JSON reuses the kept first places' and serialises only the rest; the text is
 * exactly `JSON.stringify(value)`'s (top10-answer.spec.ts).
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

  protected override serialise(): string {
    const { top10, currentUserPosition, totalExecutives, period } = this.value;
    return `{"top10":${entriesJson(top10)},"currentUserPosition":${JSON.stringify(currentUserPosition)},"totalExecutives":${JSON.stringify(totalExecutives)},"period":${JSON.stringify(period)}}`;
  }
}
