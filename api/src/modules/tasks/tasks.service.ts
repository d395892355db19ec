import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { EventPayloads, MessageResponse, ScoreHistoryEntry, Task as TaskView, CreateTaskInput, ScoreTaskInput, SubmitTaskInput, UpdateTaskInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { conflict, forbidden, invalid, notFound } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import type { EventRecorder } from '../../events/event-recorder';
import type { ChangeNote } from '../../events/outbox-sink';
import { UnitOfWork } from '../../events/unit-of-work';
import { lockRow } from '../../database/row-lock';
import { BadgeAwardsService } from '../badges/badge-awards.service';
import { taskBadges } from '../badges/badge-rules';
import { Company } from '../companies/company.entity';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { NotificationsService } from '../notifications/notifications.service';
import { ScoreAggregatesService } from '../stats/score-aggregates.service';
import { User } from '../users/user.entity';
import { ScoreHistory } from './score-history.entity';
import { appendScoreHistory, intactRows } from './score-chain';
import { isRetriedScoring } from './scoring-keys';
import { insertComment, readForScoring, scoredRow, scoringView, stateOf, writeScoring } from './scoring-rows';
import { inParallel } from '../../database/in-parallel';
import { Task } from './task.entity';
import { canScore, canSubmit, currentFigures, isLocked, scoreFigures, scoringReason } from './task-rules';
import { toScoreHistoryView, toTaskView } from './task.view';


const NOT_AN_EXECUTIVE = 'Please select an executive to assign this task to';
const EXECUTIVE_TASKS = '/executive/tasks';
const ADMIN_TASKS = '/admin/tasks';

/**
 * Tasks: admins create, edit, score and delete their company's tasks; the assignee submits work; the
 * superadmin reads. Another company's task answers 404 exactly like a missing one.
 */
@Injectable()
export class TasksService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly badgeAwards: BadgeAwardsService,
    private readonly leaderboard: LeaderboardService,
    private readonly aggregates: ScoreAggregatesService,
  ) {}

  async history(actor: Actor, id: string): Promise<ScoreHistoryEntry[]> {
    const em = this.em.fork();
    const task = await Scope.of(actor).findOwn(em, Task, id, 'Task');
    const rows = await em.find(ScoreHistory, Scope.company(task.company.id).where({ taskId: task.id }, 'companyId'), { orderBy: { at: 'desc' } });
    const intact = await intactRows(em, task.company.id, rows);
    return rows.map((r) => toScoreHistoryView(r, intact.get(r.id) ?? false));
  }

  create(actor: Actor, input: CreateTaskInput): Promise<TaskView> {
    return this.uow.run(async (em, events) => {
      const companyId = Scope.of(actor).narrowTo(input.company).own();
      const assignee = await this.assignable(em, companyId, input.assignedTo);
      const task = em.create(Task, {
        company: em.getReference(Company, companyId),
        assignedTo: assignee,
        title: input.title,
        description: input.description,
        deadline: input.deadline,
        priority: input.priority,
        reportLink: input.reportLink,
      });
      await em.flush();
      const view = toTaskView(task);
      this.recordForAssignee(events, 'task.assigned', companyId, assignee.id, { task: view });
      events.record('stats.changed', { kind: 'superadmin' }, { companyId });
      this.notifications.notify(em, events, [{ id: assignee.id, companyId }], {
        kind: 'task.assigned',
        title: 'New task assigned',
        body: `${actor.name} assigned you "${task.title}"`,
        link: EXECUTIVE_TASKS,
      });
      return view;
    });
  }

  /** Admins edit a task; reassigning moves it from one executive's list to the other's. */
  update(actor: Actor, id: string, input: UpdateTaskInput): Promise<TaskView> {
    return this.uow.run(async (em, events) => {
      const task = await this.findOwn(em, Scope.of(actor).narrowTo(input.company), id);
      const companyId = task.company.id;
      const previous = task.assignedTo;
      const before = toTaskView(task);

      if (input.assignedTo !== undefined && input.assignedTo !== previous.id) {
        if (isLocked(task)) throw conflict('A submitted task cannot be reassigned');
        task.assignedTo = await this.assignable(em, companyId, input.assignedTo);
      }
      if (input.status !== undefined && input.status !== task.status) {
        if (isLocked(task)) throw conflict('The status of a submitted task cannot be changed');
        task.status = input.status;
      }
      if (input.title !== undefined) task.title = input.title;
      if (input.description !== undefined) task.description = input.description;
      if (input.deadline !== undefined) task.deadline = input.deadline;
      if (input.priority !== undefined) task.priority = input.priority;
      if (input.reportLink !== undefined) task.reportLink = input.reportLink;
      await em.flush();

      const view = toTaskView(task);
      const assignee = task.assignedTo;
      this.recordForAssignee(events, 'task.updated', companyId, assignee.id, { task: view }, { before });
      if (assignee !== previous) {
        // Off the former assignee's list: part of the update, which the audit trail records once.
        events.record('task.deleted', { kind: 'user', userId: previous.id, companyId }, { taskId: task.id, assigneeId: previous.id }, { sideEffect: true });
        this.notifications.notify(em, events, [{ id: assignee.id, companyId }], {
          kind: 'task.assigned',
          title: 'New task assigned',
          body: `${actor.name} assigned you "${task.title}"`,
          link: EXECUTIVE_TASKS,
        });
        this.notifications.notify(em, events, [{ id: previous.id, companyId }], {
          kind: 'task.assigned',
          title: 'Task reassigned',
          body: `${actor.name} reassigned "${task.title}" to someone else`,
          link: EXECUTIVE_TASKS,
        });
      }
      return view;
    });
  }

  /** The assignee hands in work once; the company's admins see the new pending-review count at once. */
  submit(actor: Actor, id: string, input: SubmitTaskInput): Promise<TaskView> {
    return this.uow.run(async (em, events) => {
      const scope = Scope.of(actor);
      await lockRow(em, Task, id, scope);
      const task = await this.findOwn(em, scope, id);
      if (task.assignedTo.id !== actor.userId) throw forbidden('You can only submit your own tasks');
      if (!canSubmit(task)) throw conflict('This task has already been submitted');
      task.submissionContent = input.content;
      task.submittedAt = new Date();
      task.status = 'submitted';
      await em.flush();

      const companyId = task.company.id;
      const view = toTaskView(task);
      const pendingReview = await this.pendingReview(em, companyId);
      events.record('task.submitted', { kind: 'admins', companyId }, { task: view, pendingReview });
      // The executive's other tabs and devices see their own submission too.
      events.record('task.updated', { kind: 'user', userId: task.assignedTo.id, companyId }, { task: view }, { sideEffect: true });
      const admins = await em.find(User, { company: companyId, role: 'admin', isActive: true }, { fields: ['id'] });
      this.notifications.notify(
        em,
        events,
        admins.map((a) => ({ id: a.id, companyId })),
        { kind: 'task.submitted', title: 'Task submitted for review', body: `${task.assignedTo.name} submitted "${task.title}"`, link: ADMIN_TASKS },
      );
      return view;
    });
  }

  /**
   * Scores submitted work (again, if already scored); every scoring is appended to the task's history. The task's
   * rows are read and written in plain SQL (scoring-rows.ts); the scorer is the caller, so no row of theirs is read.
   */
  score(actor: Actor, id: string, input: ScoreTaskInput, idempotencyKey?: string): Promise<TaskView> {
    return this.uow.run(async (em, events) => {
      const scope = Scope.of(actor);
      await lockRow(em, Task, id, scope);
      const found = await readForScoring(em, scope, id);
      if (!found) throw notFound('Task');
      const { row, comments, chainHead } = found;
      const companyId = row.company_id;
      // A retry of a scoring already made (same key): answer as before, record nothing again.
      if (idempotencyKey && (await isRetriedScoring(em, companyId, idempotencyKey, row.id))) return scoringView(row, comments);
      const state = stateOf(row);
      if (!canScore(state) || !state.submittedAt) throw conflict('This task has not been submitted yet');
      const previous = currentFigures(state);
      const next = scoreFigures(input, state.submittedAt, state.deadline);
      const now = new Date();
      const scorer = { id: actor.userId, name: actor.name };
      // A re-score corrects the figures; the task stays in the period it was first scored in.
      const scoring = { next, scoredAt: state.scoredAt ?? now, scorer, at: now };
      if (input.comment) comments.push(await insertComment(em, row.id, { ...scorer, role: actor.role }, input.comment, now));
      const assigneeId = row.assigned_to_id;
      const view = scoringView(scoredRow(row, scoring), comments, now);
      this.recordForAssignee(events, 'task.scored', companyId, assigneeId, { task: view, rescored: previous !== null }, { before: previous });
      events.record('stats.changed', { kind: 'superadmin' }, { companyId });
      this.notifications.notify(em, events, [{ id: assigneeId, companyId }], {
        kind: 'task.scored',
        title: previous ? 'Your task was re-scored' : 'Your task was scored',
        body: `"${row.title}" scored ${next.totalScore.toFixed(1)}/10`,
        link: EXECUTIVE_TASKS,
      });
      // What the scoring earns; the live leaderboard of the current month follows the commit (docs/scoring-and-ranking.md).
      const facts = { taskId: row.id, title: row.title, userId: assigneeId, totalScore: next.totalScore, submittedAt: state.submittedAt, deadline: state.deadline };
      // The scoring's writes depend on the task row alone, not on one another: sent together.
      await inParallel([
        writeScoring(em, row, scoring),
        appendScoreHistory(em, { companyId, taskId: row.id, scoredById: scorer.id, scoredByName: scorer.name, reason: scoringReason(previous), previous, next, at: now }, chainHead),
        this.aggregates.recordScoring(em, { company: { id: companyId, timeZone: row.time_zone }, assignedTo: { id: assigneeId }, scoredAt: scoring.scoredAt }, previous, next),
        this.badgeAwards.award(em, events, companyId, taskBadges(facts)),
      ]);
      this.leaderboard.recordLiveUpdate(events, companyId);
      return view;
    });
  }

  /**
   * Reads the task under the lock scoring takes (row-lock.ts): a scoring of it in flight commits first, so the
   * figures taken out of the aggregates are the ones they hold (docs/aggregates.md, "Locks").
   */
  remove(actor: Actor, id: string): Promise<MessageResponse> {
    return this.uow.run(async (em, events) => {
      const scope = Scope.of(actor);
      await lockRow(em, Task, id, scope);
      const task = await scope.findOwn(em, Task, id, 'Task');
      const companyId = task.company.id;
      const assigneeId = task.assignedTo.id;
      const wasScored = task.scoredAt !== null;
      // What the audit trail keeps of the task (the assignee's name is not loaded: their id is in the log).
      const before = { _id: task.id, title: task.title, description: task.description, deadline: task.deadline.toISOString(), priority: task.priority, reportLink: task.reportLink, status: task.status, assignedTo: null };
      // Comments go with the task (foreign key cascade); the score history is kept.
      await this.aggregates.removeScoring(em, task);
      await em.nativeDelete(Task, { id: task.id });
      this.recordForAssignee(events, 'task.deleted', companyId, assigneeId, { taskId: task.id, assigneeId }, { before });
      events.record('stats.changed', { kind: 'superadmin' }, { companyId });
      if (wasScored) this.leaderboard.recordLiveUpdate(events, companyId);
      return { message: 'Task deleted successfully' };
    });
  }

  /** Submitted work not scored yet, in one COUNT. A scored task is completed, so the status says it all. */
  private pendingReview(em: EntityManager, companyId: string): Promise<number> {
    return em.count(Task, { company: companyId, status: 'submitted', scoredAt: null });
  }

  /** A task of the scope's company with the people and comments its view shows. */
  private findOwn(em: EntityManager, scope: Scope, id: string): Promise<Task> {
    return scope.findOwn(em, Task, id, 'Task', { populate: ['assignedTo', 'scoredBy', 'comments'] });
  }

  /** Only an active executive of the task's company can be given a task. */
  private async assignable(em: EntityManager, companyId: string, userId: string): Promise<User> {
    const user = await em.findOne(User, { id: userId, company: companyId, role: 'executive', isActive: true });
    if (!user) throw invalid(NOT_AN_EXECUTIVE, 'assignedTo');
    return user;
  }

  /** Task news goes to the executive it belongs to and to the company's admins. */
  private recordForAssignee<T extends 'task.assigned' | 'task.updated' | 'task.scored' | 'task.deleted'>(
    events: EventRecorder,
    type: T,
    companyId: string,
    assigneeId: string,
    payload: EventPayloads[T],
    note?: ChangeNote,
  ): void {
    events.record(type, { kind: 'user', userId: assigneeId, companyId }, payload, note);
    events.record(type, { kind: 'admins', companyId }, payload, note);
  }
}
