import { Module } from '@nestjs/common';
import { AnnouncementExpiryScheduler } from './announcement-expiry.scheduler';
import { AnnouncementRepository } from './announcement.repository';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsService } from './announcements.service';

@Module({
  controllers: [AnnouncementsController],
  providers: [AnnouncementsService, AnnouncementExpiryScheduler, AnnouncementRepository],
  exports: [AnnouncementRepository],
})
export class AnnouncementsModule {}
