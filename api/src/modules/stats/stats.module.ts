import { Module } from '@nestjs/common';
import { ScoreAggregatesService } from './score-aggregates.service';

@Module({ providers: [ScoreAggregatesService], exports: [ScoreAggregatesService] })
export class StatsModule {}
