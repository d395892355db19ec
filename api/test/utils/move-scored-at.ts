import { EntityManager } from '@mikro-orm/sqlite';
import type { INestApplication } from '@nestjs/common';
import { ScoreAggregatesService } from '../../src/modules/stats/score-aggregates.service';
import { Task } from '../../src/modules/tasks/task.entity';

/**
 * Moves a scored task to another instant, straight in the database (no request can backdate a scoring),
 * then recounts its company's score aggregates, as any direct write to scored tasks must.
 */
export async function moveScoredAt(app: INestApplication, taskId: string, scoredAt: Date): Promise<void> {
  const em = app.get(EntityManager).fork();
  await em.nativeUpdate(Task, { id: taskId }, { scoredAt });
  const task = await em.findOneOrFail(Task, { id: taskId }, { populate: ['company'] });
  await app.get(ScoreAggregatesService).rebuildCompany(em, task.company);
}
