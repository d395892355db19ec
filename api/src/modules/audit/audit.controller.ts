import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import {
  auditEntrySchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditVerifyQuerySchema,
  auditVerifyReportSchema,
  type AuditExportInput,
  type AuditListInput,
  type AuditVerifyQuery,
} from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { CsvInterceptor } from '../../common/csv/csv.interceptor';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { AuditService } from './audit.service';

/** The audit trail (docs/audit.md): admins their company's, the superadmin every company's. */
@Controller('audit')
@Roles('superadmin', 'admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Responds(z.array(auditEntrySchema))
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(auditListQuerySchema)) query: AuditListInput) {
    return this.audit.list(actor, query);
  }

  @Get('export')
  @UseInterceptors(CsvInterceptor)
  @Responds(z.string().describe('One row per entry, newest first'), { csv: true })
  export(@CurrentActor() actor: Actor, @Query(new ZodPipe(auditExportQuerySchema)) query: AuditExportInput) {
    return this.audit.export(actor, query);
  }

  @Get('verify')
  @Responds(auditVerifyReportSchema)
  verify(@CurrentActor() actor: Actor, @Query(new ZodPipe(auditVerifyQuerySchema)) query: AuditVerifyQuery) {
    return this.audit.verify(actor, query.company);
  }
}
