import { Controller, Get, Param, Put, Query } from '@nestjs/common';
import { notificationListQuerySchema, notificationListSchema, type PageQuery } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { NotificationsService } from './notifications.service';
import { Responds } from '../../common/http/responds';

@Controller('notifications')
@AnyRole()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @Responds(notificationListSchema)
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(notificationListQuerySchema)) query: PageQuery) {
    return this.notifications.list(actor, query);
  }

  @Put('read-all')
  @Responds(notificationListSchema)
  markAllRead(@CurrentActor() actor: Actor) {
    return this.notifications.markAllRead(actor);
  }

  @Put(':id/read')
  @Responds(notificationListSchema)
  markRead(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.notifications.markRead(actor, id);
  }
}
