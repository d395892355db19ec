import { Controller, Get, Param, Put } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor } from '../../common/auth/decorators';
import { NotificationsService } from './notifications.service';

@Controller('notifications')
@AnyRole()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  list(@CurrentActor() actor: Actor) {
    return this.notifications.list(actor);
  }

  @Put('read-all')
  markAllRead(@CurrentActor() actor: Actor) {
    return this.notifications.markAllRead(actor);
  }

  @Put(':id/read')
  markRead(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.notifications.markRead(actor, id);
  }
}
