import { Controller, Get, Query } from '@nestjs/common';
import { scoreChainQuerySchema, scoreChainReportSchema, type ScoreChainQueryInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { ScoreChainService } from './score-chain.service';

@Controller('score-history')
export class ScoreChainController {
  constructor(private readonly chain: ScoreChainService) {}

  @Get('verify')
  @Roles('superadmin', 'admin')
  @Responds(scoreChainReportSchema, { errors: { 404: '`company` names no company' } })
  verify(@CurrentActor() actor: Actor, @Query(new ZodPipe(scoreChainQuerySchema)) query: ScoreChainQueryInput) {
    return this.chain.verify(actor, query.company);
  }
}
