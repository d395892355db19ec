import { Module } from '@nestjs/common';
import { BadgesModule } from '../badges/badges.module';
import { LeaderboardModule } from '../leaderboard/leaderboard.module';
import { StatsModule } from '../stats/stats.module';
import { TasksController } from './tasks.controller';
import { TasksService } from './tasks.service';

@Module({ imports: [BadgesModule, LeaderboardModule, StatsModule], controllers: [TasksController], providers: [TasksService], exports: [TasksService] })
export class TasksModule {}
