import { scoreAggregatesSuite } from '../utils/score-aggregates-suite';
import { startTestApp } from '../utils/test-app';

/** On SQLite; test/scale/score-aggregates.scale-spec.ts runs the same on PostgreSQL. */
describe('score aggregates', () => {
  scoreAggregatesSuite(async () => {
    const t = await startTestApp();
    return { t, stop: () => t.close() };
  });
});
