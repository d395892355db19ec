import { Module } from '@nestjs/common';
import { BadgesModule } from '../badges/badges.module';
import { LeaderboardModule } from '../leaderboard/leaderboard.module';
import { TasksController } from './tasks.controller';
import { TaskQueries } from './task-queries.service';
import { TasksService } from './tasks.service';

@Module({ imports: [BadgesModule, LeaderboardModule], controllers: [TasksController], providers: [TasksService, TaskQueries], exports: [TasksService] })
export class TasksModule {}
