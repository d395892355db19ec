import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { assignBadgeSchema, badgeSchema, userBadgeSchema, type AssignBadgeInput } from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { BadgesService } from './badges.service';

@Controller('badges')
export class BadgesController {
  constructor(private readonly badges: BadgesService) {}

  @Get()
  @Responds(z.array(badgeSchema))
  @AnyRole()
  catalogue() {
    return this.badges.catalogue();
  }

  @Get('user/:userId')
  @Responds(z.array(userBadgeSchema))
  @AnyRole()
  forUser(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.badges.forUser(actor, userId);
  }

  @Post('assign')
  @Roles('admin')
  @Responds(userBadgeSchema, { errors: { 404: 'No such executive in your company, or no such badge' } })
  assign(@CurrentActor() actor: Actor, @Body(new ZodPipe(assignBadgeSchema)) body: AssignBadgeInput) {
    return this.badges.assign(actor, body);
  }
}
