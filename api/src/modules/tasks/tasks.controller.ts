import { Body, Controller, Delete, Get, Headers, Param, Post, Put, Query } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, createTaskSchema, messageResponseSchema, scoreHistoryEntrySchema, scoreTaskSchema, submitTaskSchema, taskListQuerySchema, taskSchema, taskSummaryQuerySchema, taskSummarySchema, updateTaskSchema, type CreateTaskInput, type ScoreTaskInput, type SubmitTaskInput, type TaskListInput, type TaskSummaryInput, type UpdateTaskInput } from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { parseIdempotencyKey } from './scoring-keys';
import { TaskQueries } from './task-queries.service';
import { TasksService } from './tasks.service';


@Controller('tasks')
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly queries: TaskQueries,
  ) {}

  @Get()
  @Roles('superadmin', 'admin')
  @Responds(z.array(taskSchema))
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(taskListQuerySchema)) query: TaskListInput) {
    return this.queries.list(actor, query);
  }

  @Get('summary')
  @Responds(taskSummarySchema, { errors: { 404: '`assignedTo` or `company` names no user or company in reach' } })
  @Roles('superadmin', 'admin', 'executive')
  summary(@CurrentActor() actor: Actor, @Query(new ZodPipe(taskSummaryQuerySchema)) query: TaskSummaryInput) {
    return this.queries.summary(actor, query);
  }

  @Get('user/:userId')
  @Roles('superadmin', 'admin', 'executive')
  @Responds(z.array(taskSchema))
  forUser(@CurrentActor() actor: Actor, @Param('userId') userId: string, @Query(new ZodPipe(taskListQuerySchema.omit({ company: true, assignedTo: true }))) query: TaskListInput) {
    return this.queries.forUser(actor, userId, query);
  }

  @Get(':id/history')
  @Roles('superadmin', 'admin')
  @Responds(z.array(scoreHistoryEntrySchema))
  history(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.tasks.history(actor, id);
  }

  @Post()
  @Roles('admin')
  @Responds(taskSchema)
  create(@CurrentActor() actor: Actor, @Body(new ZodPipe(createTaskSchema)) body: CreateTaskInput) {
    return this.tasks.create(actor, body);
  }

  @Put(':id')
  @Roles('admin')
  @Responds(taskSchema, { errors: { 409: 'The task is submitted: its executive and status are locked' } })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(updateTaskSchema)) body: UpdateTaskInput) {
    return this.tasks.update(actor, id, body);
  }

  @Put(':id/submit')
  @Roles('executive')
  @Responds(taskSchema, { errors: { 409: 'The task has already been submitted' } })
  submit(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(submitTaskSchema)) body: SubmitTaskInput) {
    return this.tasks.submit(actor, id, body);
  }

  @Put(':id/score')
  @Roles('admin')
  @Responds(taskSchema, { errors: { 409: 'The task has not been submitted yet' } })
  score(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body(new ZodPipe(scoreTaskSchema)) body: ScoreTaskInput,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.tasks.score(actor, id, body, parseIdempotencyKey(key));
  }

  @Delete(':id')
  @Roles('admin')
  @Responds(messageResponseSchema)
  remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.tasks.remove(actor, id);
  }
}
