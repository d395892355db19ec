import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { assignBadgeSchema } from '@kpi/contracts';
import type { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { BadgesService } from './badges.service';

@Controller('badges')
export class BadgesController {
  constructor(private readonly badges: BadgesService) {}

  @Get()
  @AnyRole()
  catalogue() {
    return this.badges.catalogue();
  }

  @Get('user/:userId')
  @AnyRole()
  forUser(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.badges.forUser(actor, userId);
  }

  @Post('assign')
  @Roles('admin')
  assign(@CurrentActor() actor: Actor, @Body(new ZodPipe(assignBadgeSchema)) body: z.output<typeof assignBadgeSchema>) {
    return this.badges.assign(actor, body);
  }
}
