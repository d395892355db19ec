import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { createCompanySchema, updateCompanySchema } from '@kpi/contracts';
import type { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { CompaniesService } from './companies.service';

@Controller('companies')
@Roles('superadmin')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  list(@CurrentActor() actor: Actor) {
    return this.companies.list(actor);
  }

  @Post()
  create(@CurrentActor() actor: Actor, @Body(new ZodPipe(createCompanySchema)) body: z.output<typeof createCompanySchema>) {
    return this.companies.create(actor, body);
  }

  @Put(':id')
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(updateCompanySchema)) body: z.output<typeof updateCompanySchema>) {
    return this.companies.update(actor, id, body);
  }

  @Delete(':id')
  remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.companies.remove(actor, id);
  }
}
