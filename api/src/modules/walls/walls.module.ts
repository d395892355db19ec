import { Module } from '@nestjs/common';
import { AnnouncementsModule } from '../announcements/announcements.module';
import { LeaderboardModule } from '../leaderboard/leaderboard.module';
import { WallGuard } from './wall.guard';
import { WallSessionService } from './wall-session.service';
import { WallsController } from './walls.controller';
import { WallsService } from './walls.service';

@Module({
  imports: [LeaderboardModule, AnnouncementsModule],
  controllers: [WallsController],
  providers: [WallsService, WallSessionService, WallGuard],
  exports: [WallSessionService],
})
export class WallsModule {}
