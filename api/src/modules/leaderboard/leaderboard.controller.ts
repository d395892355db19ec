import { Body, Controller, Get, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { generateLeaderboardSchema, leaderboardPageQuerySchema, leaderboardSchema, monthlyParamsSchema, top10QuerySchema, top10ResponseSchema, yearlyParamsSchema, type GenerateLeaderboardInput, type LeaderboardPageQueryInput, type MonthlyParamsInput, type Top10QueryInput, type YearlyParamsInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { CsvInterceptor } from '../../common/csv/csv.interceptor';
import { LeaderboardService } from './leaderboard.service';

@Controller('leaderboard')
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  @Get('monthly/:year/:month')
  @Responds(leaderboardSchema, { csv: true })
  // Only the routes that answer CSV: each interceptor adds an observable chain to every request it wraps.
  @UseInterceptors(CsvInterceptor)
  @AnyRole()
  monthly(
    @CurrentActor() actor: Actor,
    @Param(new ZodPipe(monthlyParamsSchema)) period: MonthlyParamsInput,
    @Query(new ZodPipe(leaderboardPageQuerySchema)) query: LeaderboardPageQueryInput,
  ) {
    return this.leaderboard.read(actor, period, query);
  }

  @Get('yearly/:year')
  @Responds(leaderboardSchema, { csv: true })
  @UseInterceptors(CsvInterceptor)
  @AnyRole()
  yearly(
    @CurrentActor() actor: Actor,
    @Param(new ZodPipe(yearlyParamsSchema)) period: YearlyParamsInput,
    @Query(new ZodPipe(leaderboardPageQuerySchema)) query: LeaderboardPageQueryInput,
  ) {
    return this.leaderboard.read(actor, period, query);
  }

  @Get('top10/:companyId')
  @Responds(top10ResponseSchema)
  @AnyRole()
  top10(@CurrentActor() actor: Actor, @Param('companyId') companyId: string, @Query(new ZodPipe(top10QuerySchema)) query: Top10QueryInput) {
    return this.leaderboard.top10(actor, companyId, query);
  }

  @Post('generate')
  @Roles('admin')
  @Responds(leaderboardSchema)
  generate(@CurrentActor() actor: Actor, @Body(new ZodPipe(generateLeaderboardSchema)) body: GenerateLeaderboardInput) {
    return this.leaderboard.generate(actor, body);
  }
}
