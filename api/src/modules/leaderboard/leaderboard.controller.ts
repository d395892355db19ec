import { Body, Controller, Get, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { generateLeaderboardSchema, leaderboardQuerySchema, leaderboardSchema, monthlyParamsSchema, top10QuerySchema, top10ResponseSchema, yearlyParamsSchema } from '@kpi/contracts';
import type { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../openapi/responds';
import { CsvInterceptor } from '../../common/csv/csv.interceptor';
import { LeaderboardService } from './leaderboard.service';

@Controller('leaderboard')
@UseInterceptors(CsvInterceptor)
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  @Get('monthly/:year/:month')
  @Responds(leaderboardSchema, { csv: true })
  @AnyRole()
  monthly(
    @CurrentActor() actor: Actor,
    @Param(new ZodPipe(monthlyParamsSchema)) period: z.output<typeof monthlyParamsSchema>,
    @Query(new ZodPipe(leaderboardQuerySchema)) query: z.output<typeof leaderboardQuerySchema>,
  ) {
    return this.leaderboard.read(actor, period, query);
  }

  @Get('yearly/:year')
  @Responds(leaderboardSchema, { csv: true })
  @AnyRole()
  yearly(
    @CurrentActor() actor: Actor,
    @Param(new ZodPipe(yearlyParamsSchema)) period: z.output<typeof yearlyParamsSchema>,
    @Query(new ZodPipe(leaderboardQuerySchema)) query: z.output<typeof leaderboardQuerySchema>,
  ) {
    return this.leaderboard.read(actor, period, query);
  }

  @Get('top10/:companyId')
  @Responds(top10ResponseSchema)
  @AnyRole()
  top10(@CurrentActor() actor: Actor, @Param('companyId') companyId: string, @Query(new ZodPipe(top10QuerySchema)) query: z.output<typeof top10QuerySchema>) {
    return this.leaderboard.top10(actor, companyId, query);
  }

  @Post('generate')
  @Roles('admin')
  @Responds(leaderboardSchema)
  generate(@CurrentActor() actor: Actor, @Body(new ZodPipe(generateLeaderboardSchema)) body: z.output<typeof generateLeaderboardSchema>) {
    return this.leaderboard.generate(actor, body);
  }
}
