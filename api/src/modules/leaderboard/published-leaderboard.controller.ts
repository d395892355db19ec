import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { leaderboardQuerySchema, monthlyParamsSchema, publishedLeaderboardSchema, yearlyParamsSchema, type LeaderboardQueryInput, type MonthlyParamsInput, type YearlyParamsInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { CsvInterceptor } from '../../common/csv/csv.interceptor';
import { PublishedLeaderboardService } from './published-leaderboard.service';

/** Published (frozen) leaderboards; the live ones are LeaderboardController's. */
@Controller('leaderboard/published')
@UseInterceptors(CsvInterceptor)
export class PublishedLeaderboardController {
  constructor(private readonly published: PublishedLeaderboardService) {}

  @Get('monthly/:year/:month')
  @AnyRole()
  @Responds(publishedLeaderboardSchema, { csv: true })
  monthly(
    @CurrentActor() actor: Actor,
    @Param(new ZodPipe(monthlyParamsSchema)) period: MonthlyParamsInput,
    @Query(new ZodPipe(leaderboardQuerySchema)) query: LeaderboardQueryInput,
  ) {
    return this.published.read(actor, period, query);
  }

  @Get('yearly/:year')
  @AnyRole()
  @Responds(publishedLeaderboardSchema, { csv: true })
  yearly(
    @CurrentActor() actor: Actor,
    @Param(new ZodPipe(yearlyParamsSchema)) period: YearlyParamsInput,
    @Query(new ZodPipe(leaderboardQuerySchema)) query: LeaderboardQueryInput,
  ) {
    return this.published.read(actor, period, query);
  }
}
