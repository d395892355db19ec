import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { Scope } from '../../common/tenancy/scope';
import { companyZone } from './standings.query';
import { isNoChange, periodKeysOf, removalDelta, scoringDelta, type ScoredFigures } from './score-aggregates.rules';
import { applyDelta, rebuildAllScoreAggregates, rebuildScoreAggregates, subtractUser, type Execute } from './score-aggregates.repository';
import { dbDate } from '../../common/rows/params';
import { execute } from '../../database/bound-sql';
import { lockTableRowsWhere } from '../../database/row-lock';
import type { ZoneFollowers } from '../companies/company-ports';
import type { PersonFigures } from '../users/user-ports';

/** The parts of a scored task that say where it counts: company (and so zone), assignee, first scoring. */
export interface ScoredTaskPlace {
  /** With its zone when the caller read it already (a scoring joins it in), saving a read here. */
  company: { id: string; timeZone?: string };
  assignedTo: { id: string };
  scoredAt: Date | null;
}

const executor = (em: EntityManager): Execute => (sql, params) => execute(em, sql, params ?? []);

/**
 * Keeps the per-user and per-company period aggregates (docs/aggregates.md) in step with the tasks table.
 * Every method runs inside the caller's unit of work: the aggregates change exactly when the task does.
 */
@Injectable()
export class ScoreAggregatesService implements PersonFigures, ZoneFollowers {
  /** A scoring: a first one adds the task to its periods, a re-score swaps its old figures for the new. */
  async recordScoring(em: EntityManager, task: ScoredTaskPlace, previous: ScoredFigures | null, next: ScoredFigures): Promise<void> {
    const delta = scoringDelta(previous, next);
    if (isNoChange(delta)) return;
    await applyDelta(executor(em), await this.target(em, task), delta);
  }

  /** A scored task deleted (an unscored one changes nothing). */
  async removeScoring(em: EntityManager, task: ScoredTaskPlace & Partial<Record<keyof ScoredFigures, number | null>>): Promise<void> {
    if (!task.scoredAt || task.totalScore == null) return;
    const figures = { totalScore: task.totalScore, qualityScore: task.qualityScore ?? 0, timeScore: task.timeScore ?? 0, initiativeScore: task.initiativeScore ?? 0 };
    await applyDelta(executor(em), await this.target(em, task), removalDelta(figures));
  }

  /**
   * Before a user is deleted: their tasks leave the company's figures (their own rows go by cascade). Their
   * tasks are locked first, as a scoring locks its task (row-lock.ts): a scoring of one of them in flight
   * commits before the user's rows are read, and none starts until the user is gone (docs/aggregates.md).
   */
  async forgetUser(em: EntityManager, scope: Scope, userId: string): Promise<void> {
    await lockTableRowsWhere(em, { table: 'tasks', column: 'assigned_to_id', id: 'id' }, userId, scope);
    return subtractUser(executor(em), userId, scope.sql('company_id'));
  }

  /** After a company's zone changed, or its tasks were written directly (seeds, tests): recount it. */
  rebuildCompany(em: EntityManager, company: { id: string; timeZone: string }): Promise<void> {
    return rebuildScoreAggregates(executor(em), dbDate(em), company);
  }

  rebuildAll(em: EntityManager): Promise<void> {
    return rebuildAllScoreAggregates(executor(em), dbDate(em));
  }

  /** The rows a task counts in: the month and year of its first scoring in the company's zone, and all-time. */
  private async target(em: EntityManager, task: ScoredTaskPlace) {
    if (!task.scoredAt) throw new Error('An unscored task has no aggregate rows');
    const { timeZone } = task.company;
    const company = timeZone ? { id: task.company.id, timeZone } : await companyZone(em, task.company.id);
    if (!company) throw new Error(`Company ${task.company.id} of a scored task is missing`);
    return { companyId: company.id, userId: task.assignedTo.id, keys: periodKeysOf(task.scoredAt, company.timeZone) };
  }
}
