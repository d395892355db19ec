import { Module } from '@nestjs/common';
import { AnnouncementExpiryScheduler } from './announcement-expiry.scheduler';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsService } from './announcements.service';

@Module({ controllers: [AnnouncementsController], providers: [AnnouncementsService, AnnouncementExpiryScheduler] })
export class AnnouncementsModule {}
