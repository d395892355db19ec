import { Controller, Get, Param, Put, Query, UseInterceptors } from '@nestjs/common';
import { notificationListQuerySchema, type PageQuery } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor } from '../../common/auth/decorators';
import { PageInterceptor } from '../../common/paging/page';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { NotificationsService } from './notifications.service';

@Controller('notifications')
@UseInterceptors(PageInterceptor)
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(notificationListQuerySchema)) query: PageQuery) {
    return this.notifications.list(actor, query);
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
