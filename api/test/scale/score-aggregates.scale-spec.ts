import { scoreAggregatesSuite } from '../utils/score-aggregates-suite';
import { createScratchDatabase, describeScale, startInstance } from './scale-env';

/** The aggregate consistency suite (test/utils/score-aggregates-suite.ts) on PostgreSQL. */
describeScale('score aggregates on PostgreSQL', (env) => {
  scoreAggregatesSuite(async () => {
    const db = await createScratchDatabase(env);
    const t = await startInstance(db, env);
    return {
      t,
      stop: async () => {
        await t.close();
        await db.drop();
      },
    };
  });
});
