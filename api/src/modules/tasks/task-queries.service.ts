import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Task as TaskView, TaskSummary, TaskListInput, TaskSummaryInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import type { Page } from '../../common/paging/page';
import { Scope } from '../../common/tenancy/scope';
import { CacheDrops } from '../../common/caching/cache-drops';
import { User } from '../users/user.entity';
import { TaskPages } from './task-pages';
import { TaskRepository } from './task.repository';

/**
 * The task lists and counters: who may read which tasks, and the company lists kept for a second
 * (task-pages.ts). The rows and their answers come from the repository (task.repository.ts), limited to the
 * caller's company (or, for one user's tasks, to a user the caller may see).
 */
@Injectable()
export class TaskQueries {
  private readonly pages: TaskPages;

  constructor(
    private readonly em: EntityManager,
    private readonly tasks: TaskRepository,
    drops: CacheDrops,
  ) {
    this.pages = new TaskPages(drops);
  }

  /** GET /tasks: admins their company's tasks, the superadmin one company (`?company=`) or all; kept a second (task-pages.ts). */
  list(actor: Actor, query: TaskListInput): Promise<Page<TaskView[]>> {
    const company = Scope.of(actor).narrowTo(query.company);
    const key = JSON.stringify([company.companyId ?? null, query.assignedTo ?? null, query.status ?? null, query.cursor ?? null, query.limit]);
    return this.pages.get(company.companyId, key, () =>
      this.tasks.page('tasks', company, { assignedTo: query.assignedTo, status: query.status }, query.limit, query.cursor),
    );
  }

  /** GET /tasks/user/{id}: one user's tasks; executives only their own (a colleague 403, another company 404). */
  async forUser(actor: Actor, userId: string, query: TaskListInput): Promise<Page<TaskView[]>> {
    const scope = Scope.of(actor);
    const user = await scope.visibleUser(this.em.fork(), User, userId);
    return this.tasks.page('user-tasks', scope, { assignedTo: user.id, status: query.status }, query.limit, query.cursor);
  }

  /** GET /tasks/summary: the task screens' counters over every task in scope. */
  async summary(actor: Actor, query: TaskSummaryInput): Promise<TaskSummary> {
    const assignedTo = query.assignedTo ?? (actor.role === 'executive' ? actor.userId : undefined);
    // An executive's counters are always their own company's, whatever `?company=` says.
    const scope = actor.role === 'executive' ? Scope.of(actor) : Scope.of(actor).narrowTo(query.company);
    if (assignedTo) await scope.visibleUser(this.em.fork(), User, assignedTo);
    return this.tasks.summary(scope, assignedTo);
  }
}
