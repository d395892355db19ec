import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Task as TaskView, TaskListStatus, TaskSummary, TaskListInput, TaskSummaryInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { afterSql, orderSql, type SqlCondition, type SqlSortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { toDate } from '../../common/rows/columns';
import { Scope } from '../../common/tenancy/scope';
import { User } from '../users/user.entity';
import { commentsOf, taskPageRows, taskRowView } from './task-rows';
import { TaskPages } from './task-pages';
import { CacheDrops } from '../../common/caching/cache-drops';


/** Newest first; the id breaks ties so the order (and so every page) is total. */
const ORDER: SqlSortKey[] = [
  { column: 't.created_at', dir: 'desc' },
  { column: 't.id', dir: 'asc' },
];
const ORDER_SQL = orderSql(ORDER);
const CURSOR_SHAPE = ['number', 'string'] as const;

/**
 * The stored statuses a visible status stands for, read against the clock (overdue is never stored).
 * `now` is already in the database's date representation.
 */
export function statusFilter(status: TaskListStatus, now: unknown): SqlCondition {
  switch (status) {
    case 'open':
      return { sql: "t.status in ('pending', 'in-progress') and t.deadline >= ?", params: [now] };
    case 'overdue':
      return { sql: "t.status not in ('completed', 'submitted') and t.deadline < ?", params: [now] };
    case 'pending':
    case 'in-progress':
      return { sql: 't.status = ? and t.deadline >= ?', params: [status, now] };
    default:
      return { sql: 't.status = ?', params: [status] };
  }
}

/**
 * The task lists and counters, read as plain rows shaped by SQL (no entity graph): one page of tasks with
 * their people's names in one joined query, their comments in a second, the counters in one aggregate.
 * Plain SQL, not the query builder: building the statement cost more than running it. Every query is
 * limited to the caller's company (or, for one user's tasks, to a user the caller may see).
 */
@Injectable()
export class TaskQueries {
  private readonly pages: TaskPages;

  constructor(
    private readonly em: EntityManager,
    private readonly cursors: CursorCodec,
    drops: CacheDrops,
  ) {
    this.pages = new TaskPages(drops);
  }

  /** GET /tasks: admins their company's tasks, the superadmin one company (`?company=`) or all; kept a second (task-pages.ts). */
  list(actor: Actor, query: TaskListInput): Promise<Page<TaskView[]>> {
    const company = Scope.of(actor).narrowTo(query.company);
    const scope: SqlCondition[] = [company.sql('t.company_id')];
    if (query.assignedTo) scope.push({ sql: 't.assigned_to_id = ?', params: [query.assignedTo] });
    const key = JSON.stringify([company.companyId ?? null, query.assignedTo ?? null, query.status ?? null, query.cursor ?? null, query.limit]);
    return this.pages.get(company.companyId, key, () => this.page('tasks', scope, query));
  }

  /** GET /tasks/user/{id}: one user's tasks; executives only their own (a colleague 403, another company 404). */
  async forUser(actor: Actor, userId: string, query: TaskListInput): Promise<Page<TaskView[]>> {
    const scope = Scope.of(actor);
    const user = await scope.visibleUser(this.em.fork(), User, userId);
    return this.page('user-tasks', [scope.sql('t.company_id'), { sql: 't.assigned_to_id = ?', params: [user.id] }], query);
  }

  /** GET /tasks/summary: the task screens' counters over every task in scope, in one aggregate query. */
  async summary(actor: Actor, query: TaskSummaryInput): Promise<TaskSummary> {
    const assignedTo = query.assignedTo ?? (actor.role === 'executive' ? actor.userId : undefined);
    // An executive's counters are always their own company's, whatever `?company=` says.
    const scope = actor.role === 'executive' ? Scope.of(actor) : Scope.of(actor).narrowTo(query.company);
    if (assignedTo) await scope.visibleUser(this.em.fork(), User, assignedTo);
    const knex = this.em.getKnex();
    const now = this.em.getPlatform().processDateProperty(new Date());
    const open = "t.status not in ('completed', 'submitted')";
    const q = knex('tasks as t').select(
      knex.raw('count(*) as total'),
      knex.raw(`coalesce(sum(case when t.status = 'pending' and t.deadline >= ? then 1 else 0 end), 0) as pending`, [now]),
      knex.raw(`coalesce(sum(case when t.status = 'in-progress' and t.deadline >= ? then 1 else 0 end), 0) as in_progress`, [now]),
      knex.raw(`coalesce(sum(case when ${open} and t.deadline < ? then 1 else 0 end), 0) as overdue`, [now]),
      knex.raw(`coalesce(sum(case when t.status = 'submitted' then 1 else 0 end), 0) as pending_review`),
      knex.raw(`coalesce(sum(case when t.status = 'completed' then 1 else 0 end), 0) as completed`),
    );
    const company = scope.sql('t.company_id');
    q.whereRaw(company.sql, company.params as string[]);
    if (assignedTo) q.where('t.assigned_to_id', assignedTo);
    const [row] = await this.em.getConnection().execute<Record<string, number | string>[]>(q);
    return {
      total: Number(row?.total ?? 0),
      pending: Number(row?.pending ?? 0),
      inProgress: Number(row?.in_progress ?? 0),
      overdue: Number(row?.overdue ?? 0),
      pendingReview: Number(row?.pending_review ?? 0),
      completed: Number(row?.completed ?? 0),
    };
  }

  private async page(list: string, scope: SqlCondition[], query: TaskListInput): Promise<Page<TaskView[]>> {
    const now = new Date();
    const dbDate = (d: Date) => this.em.getPlatform().processDateProperty(d);
    const conditions = [...scope];
    if (query.status) conditions.push(statusFilter(query.status, dbDate(now)));
    if (query.cursor) {
      const [createdAt, id] = this.cursors.decode(list, query.cursor, CURSOR_SHAPE);
      conditions.push(afterSql(ORDER, [dbDate(new Date(createdAt as number)), id]));
    }
    const rows = await taskPageRows(this.em, conditions, ORDER_SQL, query.limit + 1);
    const { items, more } = cut(rows, query.limit);
    const comments = await commentsOf(this.em, items.map((r) => r.id));
    const last = items[items.length - 1];
    const next = more && last ? this.cursors.encode(list, [toDate(last.created_at).getTime(), last.id]) : null;
    return new Page(
      items.map((r) => taskRowView(r, comments.get(r.id) ?? [], now)),
      next,
    );
  }
}
