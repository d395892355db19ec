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
import { appendScoreHistory } from './score-chain.repository';
import { isRetriedScoring } from './scoring-keys';
import { inParallel } from '../../database/in-parallel';
import { Task } from './task.entity';
import { TaskRepository, scoredRow, stateOf, toTaskAnswer } from './task.repository';
import { canScore, canSubmit, currentFigures, isLocked, scoreFigures, scoringReason } from './task-rules';


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
    private readonly tasks: TaskRepository,
  ) {}

  async history(actor: Actor, id: string): Promise<ScoreHistoryEntry[]> {
    const em = this.em.fork();
    return this.tasks.history(em, await this.tasks.findOwn(em, Scope.of(actor), id));
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
      const view = await this.answer(em, companyId, task.id);
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
      const task = await this.tasks.findOwn(em, Scope.of(actor).narrowTo(input.company), id);
      const companyId = task.company.id;
      const previous = task.assignedTo;
      const before = await this.answer(em, companyId, task.id);

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

      const view = await this.answer(em, companyId, task.id);
      const assignee = task.assignedTo;
      this.recordForAssignee(events, 'task.updated', companyId, assignee.id, { task: view }, { before });
      if (assignee.id !== previous.id) {
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
      const task = await this.tasks.findOwn(em, scope, id);
      if (task.assignedTo.id !== actor.userId) throw forbidden('You can only submit your own tasks');
      if (!canSubmit(task)) throw conflict('This task has already been submitted');
      task.submissionContent = input.content;
      task.submittedAt = new Date();
      task.status = 'submitted';
      await em.flush();

      const companyId = task.company.id;
      const view = await this.answer(em, companyId, task.id);
      const pendingReview = await this.tasks.pendingReview(em, companyId);
      events.record('task.submitted', { kind: 'admins', companyId }, { task: view, pendingReview });
      // The executive's other tabs and devices see their own submission too.
      events.record('task.updated', { kind: 'user', userId: task.assignedTo.id, companyId }, { task: view }, { sideEffect: true });
      const admins = await em.find(User, { company: companyId, role: 'admin', isActive: true }, { fields: ['id'] });
      this.notifications.notify(
        em,
        events,
        admins.map((a) => ({ id: a.id, companyId })),
        { kind: 'task.submitted', title: 'Task submitted for review', body: `${actor.name} submitted "${task.title}"`, link: ADMIN_TASKS },
      );
      return view;
    });
  }

  /**
   * Scores submitted work (again, if already scored); every scoring is appended to the task's history. The task's
   * rows are read and written in plain SQL (task.repository.ts); the scorer is the caller, so no row of theirs is read.
   */
  score(actor: Actor, id: string, input: ScoreTaskInput, idempotencyKey?: string): Promise<TaskView> {
    return this.uow.run(async (em, events) => {
      const scope = Scope.of(actor);
      // The read goes after the lock, in the same round trip on PostgreSQL (row-lock.ts).
      const [, found] = await inParallel([lockRow(em, Task, id, scope), this.tasks.forScoring(em, scope, id)] as const);
      if (!found) throw notFound('Task');
      const { row, comments, chainHead } = found;
      const companyId = row.company_id;
      // A retry of a scoring already made (same key): answer as before, record nothing again.
      if (idempotencyKey && (await isRetriedScoring(em, companyId, idempotencyKey, row.id))) return toTaskAnswer(row, comments);
      const state = stateOf(row);
      if (!canScore(state) || !state.submittedAt) throw conflict('This task has not been submitted yet');
      const previous = currentFigures(state);
      const next = scoreFigures(input, state.submittedAt, state.deadline);
      const now = new Date();
      const scorer = { id: actor.userId, name: actor.name };
      // A re-score corrects the figures; the task stays in the period it was first scored in.
      const scoring = { next, scoredAt: state.scoredAt ?? now, scorer, at: now };
      if (input.comment) comments.push(await this.tasks.insertComment(em, row.id, { ...scorer, role: actor.role }, input.comment, now));
      const assigneeId = row.assigned_to_id;
      const view = toTaskAnswer(scoredRow(row, scoring), comments, now);
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
        this.tasks.writeScoring(em, row, scoring),
        appendScoreHistory(em, { companyId, taskId: row.id, scoredById: scorer.id, scoredByName: scorer.name, reason: scoringReason(previous), previous, next, at: now }, chainHead),
        this.aggregates.recordScoring(em, { company: { id: companyId, timeZone: row.time_zone }, assignedTo: { id: assigneeId }, scoredAt: scoring.scoredAt }, previous, next),
        this.badgeAwards.award(em, events, companyId, taskBadges(facts), new Map(row.assignee_name === null ? [] : [[assigneeId, row.assignee_name]])),
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
      const task = await this.tasks.findOwn(em, scope, id);
      const companyId = task.company.id;
      const assigneeId = task.assignedTo.id;
      const wasScored = task.scoredAt !== null;
      // What the audit trail keeps of the task.
      const before = await this.answer(em, companyId, task.id);
      await this.aggregates.removeScoring(em, task);
      await this.tasks.remove(em, task);
      this.recordForAssignee(events, 'task.deleted', companyId, assigneeId, { taskId: task.id, assigneeId }, { before });
      events.record('stats.changed', { kind: 'superadmin' }, { companyId });
      if (wasScored) this.leaderboard.recordLiveUpdate(events, companyId);
      return { message: 'Task deleted successfully' };
    });
  }

  /** The task's answer as the unit of work has left it so far. */
  private async answer(em: EntityManager, companyId: string, id: string): Promise<TaskView> {
    const view = await this.tasks.answer(em, Scope.company(companyId), id);
    if (!view) throw notFound('Task');
    return view;
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
