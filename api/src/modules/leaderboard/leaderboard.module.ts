import { Module } from '@nestjs/common';
import { BadgesModule } from '../badges/badges.module';
import { LeaderboardController } from './leaderboard.controller';
import { LeaderboardService } from './leaderboard.service';

@Module({ imports: [BadgesModule], controllers: [LeaderboardController], providers: [LeaderboardService], exports: [LeaderboardService] })
export class LeaderboardModule {}
