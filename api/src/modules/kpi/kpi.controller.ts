import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { companyStatsQuerySchema, companyStatsSchema, executiveStatsQuerySchema, executiveStatsSchema, overallStatsSchema, type CompanyStatsQueryInput, type ExecutiveStatsQueryInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { CsvInterceptor } from '../../common/csv/csv.interceptor';
import { KpiService } from './kpi.service';

@Controller('kpi')
@UseInterceptors(CsvInterceptor)
export class KpiController {
  constructor(private readonly kpi: KpiService) {}

  @Get('executive/:id')
  @Responds(executiveStatsSchema)
  @AnyRole()
  executive(@CurrentActor() actor: Actor, @Param('id') id: string, @Query(new ZodPipe(executiveStatsQuerySchema)) query: ExecutiveStatsQueryInput) {
    return this.kpi.executive(actor, id, query);
  }

  @Get('company/:id')
  @Roles('superadmin', 'admin')
  @Responds(companyStatsSchema, { csv: true })
  company(@CurrentActor() actor: Actor, @Param('id') id: string, @Query(new ZodPipe(companyStatsQuerySchema)) query: CompanyStatsQueryInput) {
    return this.kpi.company(actor, id, query);
  }

  @Get('overall')
  @Roles('superadmin')
  @Responds(overallStatsSchema)
  overall(@CurrentActor() actor: Actor) {
    return this.kpi.overall(actor);
  }
}
