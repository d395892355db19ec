import { Module } from '@nestjs/common';
import { LeaderboardModule } from '../leaderboard/leaderboard.module';
import { KpiController } from './kpi.controller';
import { KpiService } from './kpi.service';

@Module({ imports: [LeaderboardModule], controllers: [KpiController], providers: [KpiService] })
export class KpiModule {}
