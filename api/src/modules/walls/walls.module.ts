import { Module } from '@nestjs/common';
import { LeaderboardModule } from '../leaderboard/leaderboard.module';
import { WallsController } from './walls.controller';
import { WallsService } from './walls.service';

@Module({ imports: [LeaderboardModule], controllers: [WallsController], providers: [WallsService] })
export class WallsModule {}
