import { Module } from '@nestjs/common';
import { BadgesModule } from '../badges/badges.module';
import { LeaderboardModule } from '../leaderboard/leaderboard.module';
import { StatsModule } from '../stats/stats.module';
import { ScoreChainController } from './score-chain.controller';
import { ScoreChainService } from './score-chain.service';
import { ScoringKeyPruner } from './scoring-key-pruner';
import { TasksController } from './tasks.controller';
import { TaskQueries } from './task-queries.service';
import { TaskRepository } from './task.repository';
import { TasksService } from './tasks.service';

@Module({
  imports: [BadgesModule, LeaderboardModule, StatsModule],
  controllers: [TasksController, ScoreChainController],
  providers: [TasksService, TaskQueries, TaskRepository, ScoreChainService, ScoringKeyPruner],
  exports: [TasksService],
})
export class TasksModule {}
