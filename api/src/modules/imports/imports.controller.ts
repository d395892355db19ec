import { Body, Controller, Get, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import {
  importFileQuerySchema,
  importJobSchema,
  importListQuerySchema,
  importPreviewSchema,
  importRequestSchema,
  type ImportFileInput,
  type ImportListInput,
  type ImportRequestInput,
} from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { CsvInterceptor } from '../../common/csv/csv.interceptor';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { ImportsService } from './imports.service';

const NO_IMPORT = 'No such import in your company';

/** Imports of people from CSV (docs/imports.md): admins import their executives, the superadmin a company's admins. */
@Controller('imports')
@Roles('superadmin', 'admin')
@UseInterceptors(CsvInterceptor)
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post('dry-run')
  @HttpCode(200)
  @Responds(importPreviewSchema, { errors: { 413: 'The file is larger than the import takes' } })
  dryRun(@CurrentActor() actor: Actor, @Body(new ZodPipe(importRequestSchema)) body: ImportRequestInput) {
    return this.imports.dryRun(actor, body);
  }

  @Post()
  @Responds(importJobSchema, { errors: { 413: 'The file is larger than the import takes' } })
  start(@CurrentActor() actor: Actor, @Body(new ZodPipe(importRequestSchema)) body: ImportRequestInput) {
    return this.imports.start(actor, body);
  }

  @Get()
  @Responds(z.array(importJobSchema))
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(importListQuerySchema)) query: ImportListInput) {
    return this.imports.list(actor, query);
  }

  @Get('template')
  @Responds(z.string(), { csv: true })
  template(@CurrentActor() actor: Actor, @Query(new ZodPipe(importFileQuerySchema)) query: ImportFileInput) {
    return this.imports.template(actor, query);
  }

  @Get('export')
  @Responds(z.string(), { csv: true })
  exportPeople(@CurrentActor() actor: Actor, @Query(new ZodPipe(importFileQuerySchema)) query: ImportFileInput) {
    return this.imports.exportPeople(actor, query);
  }

  @Get(':id')
  @Responds(importJobSchema, { errors: { 404: NO_IMPORT } })
  view(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.imports.view(actor, id);
  }

  @Get(':id/result')
  @Responds(z.string(), { csv: true, errors: { 404: NO_IMPORT } })
  result(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.imports.resultCsv(actor, id);
  }

  @Post(':id/resume')
  @HttpCode(200)
  @Responds(importJobSchema, { errors: { 404: NO_IMPORT } })
  resume(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.imports.resume(actor, id);
  }
}
