import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { announcementListQuerySchema, announcementSchema, createAnnouncementSchema, messageResponseSchema, pinAnnouncementSchema, updateAnnouncementSchema, type AnnouncementListInput, type CreateAnnouncementInput, type PinAnnouncementInput, type UpdateAnnouncementInput } from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { AnnouncementsService } from './announcements.service';

@Controller('announcements')
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Get()
  @Roles('superadmin', 'admin', 'executive')
  @Responds(z.array(announcementSchema))
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(announcementListQuerySchema)) query: AnnouncementListInput) {
    return this.announcements.list(actor, query);
  }

  @Post()
  @Roles('admin')
  @Responds(announcementSchema)
  create(@CurrentActor() actor: Actor, @Body(new ZodPipe(createAnnouncementSchema)) body: CreateAnnouncementInput) {
    return this.announcements.create(actor, body);
  }

  @Put(':id')
  @Roles('admin')
  @Responds(announcementSchema)
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(updateAnnouncementSchema)) body: UpdateAnnouncementInput) {
    return this.announcements.update(actor, id, body);
  }

  @Put(':id/pin')
  @Roles('admin')
  @Responds(announcementSchema)
  pin(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(pinAnnouncementSchema)) body: PinAnnouncementInput) {
    return this.announcements.pin(actor, id, body);
  }

  @Delete(':id')
  @Roles('admin')
  @Responds(messageResponseSchema)
  remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.announcements.remove(actor, id);
  }
}
