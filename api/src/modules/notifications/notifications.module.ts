import { Global, Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationRepository } from './notification.repository';
import { NotificationsService } from './notifications.service';

/** Global so any domain service can notify users inside its own unit of work. */
@Global()
@Module({ controllers: [NotificationsController], providers: [NotificationRepository, NotificationsService], exports: [NotificationsService] })
export class NotificationsModule {}
