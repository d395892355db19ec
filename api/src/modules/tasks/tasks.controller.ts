import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { createTaskSchema, scoreTaskSchema, submitTaskSchema, taskListQuerySchema, taskSummaryQuerySchema, updateTaskSchema } from '@kpi/contracts';
import type { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { PageInterceptor } from '../../common/paging/page';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { TaskQueries } from './task-queries.service';
import { TasksService } from './tasks.service';

type ListQuery = z.output<typeof taskListQuerySchema>;

@Controller('tasks')
@UseInterceptors(PageInterceptor)
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly queries: TaskQueries,
  ) {}

  @Get()
  @Roles('superadmin', 'admin')
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(taskListQuerySchema)) query: ListQuery) {
    return this.queries.list(actor, query);
  }

  @Get('summary')
  @Roles('superadmin', 'admin', 'executive')
  summary(@CurrentActor() actor: Actor, @Query(new ZodPipe(taskSummaryQuerySchema)) query: z.output<typeof taskSummaryQuerySchema>) {
    return this.queries.summary(actor, query);
  }

  @Get('user/:userId')
  @Roles('superadmin', 'admin', 'executive')
  forUser(@CurrentActor() actor: Actor, @Param('userId') userId: string, @Query(new ZodPipe(taskListQuerySchema.omit({ company: true, assignedTo: true }))) query: ListQuery) {
    return this.queries.forUser(actor, userId, query);
  }

  @Get(':id/history')
  @Roles('superadmin', 'admin')
  history(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.tasks.history(actor, id);
  }

  @Post()
  @Roles('admin')
  create(@CurrentActor() actor: Actor, @Body(new ZodPipe(createTaskSchema)) body: z.output<typeof createTaskSchema>) {
    return this.tasks.create(actor, body);
  }

  @Put(':id')
  @Roles('admin')
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(updateTaskSchema)) body: z.output<typeof updateTaskSchema>) {
    return this.tasks.update(actor, id, body);
  }

  @Put(':id/submit')
  @Roles('executive')
  submit(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(submitTaskSchema)) body: z.output<typeof submitTaskSchema>) {
    return this.tasks.submit(actor, id, body);
  }

  @Put(':id/score')
  @Roles('admin')
  score(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(scoreTaskSchema)) body: z.output<typeof scoreTaskSchema>) {
    return this.tasks.score(actor, id, body);
  }

  @Delete(':id')
  @Roles('admin')
  remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.tasks.remove(actor, id);
  }
}
