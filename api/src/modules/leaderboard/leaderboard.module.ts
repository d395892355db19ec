import { Module } from '@nestjs/common';
import { BadgesModule } from '../badges/badges.module';
import { LeaderboardController } from './leaderboard.controller';
import { LeaderboardService } from './leaderboard.service';
import { LiveLeaderboard } from './live-leaderboard';
import { PublishedLeaderboardController } from './published-leaderboard.controller';
import { PublishedLeaderboardService } from './published-leaderboard.service';
import { StandingsCache } from './standings-cache';

@Module({ imports: [BadgesModule], controllers: [LeaderboardController, PublishedLeaderboardController], providers: [LeaderboardService, PublishedLeaderboardService, LiveLeaderboard, StandingsCache], exports: [LeaderboardService] })
export class LeaderboardModule {}
