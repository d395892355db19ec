import type { PublishedLeaderboard } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { leaderboardApi } from './api';
import type { LeaderboardQuery } from './rules';

export type PublishedLoad = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; board: PublishedLeaderboard };
/** An answer, with the request it answers: one for an earlier period or publication still reads as loading. */
type Answer = { query: LeaderboardQuery; generatedAt: string; load: PublishedLoad };

/**
 * The published snapshot of a period, fetched while `generatedAt` is given (the period is published and its
 * snapshot is on screen), and again when the period is published anew. Null while it is not asked for.
 */
export function usePublishedBoard(query: LeaderboardQuery, generatedAt: string | null): PublishedLoad | null {
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!generatedAt) return;
    let live = true;
    const answerWith = (next: PublishedLoad) => live && setAnswer({ query, generatedAt, load: next });
    leaderboardApi.published(query).then(
      (board) => answerWith({ state: 'ready', board }),
      (error: unknown) => answerWith({ state: 'error', message: errorMessage(error, 'Failed to load the published leaderboard') }),
    );
    return () => {
      live = false;
    };
  }, [query, generatedAt]);

  if (!generatedAt) return null;
  return answer?.query === query && answer.generatedAt === generatedAt ? answer.load : { state: 'loading' };
}
