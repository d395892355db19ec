import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { companySchema, createCompanySchema, messageResponseSchema, updateCompanySchema, type CreateCompanyInput, type UpdateCompanyInput } from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { CompaniesService } from './companies.service';

@Controller('companies')
@Roles('superadmin')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @Responds(z.array(companySchema))
  list(@CurrentActor() actor: Actor) {
    return this.companies.list(actor);
  }

  @Post()
  @Responds(companySchema)
  create(@CurrentActor() actor: Actor, @Body(new ZodPipe(createCompanySchema)) body: CreateCompanyInput) {
    return this.companies.create(actor, body);
  }

  @Put(':id')
  @Responds(companySchema)
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(updateCompanySchema)) body: UpdateCompanyInput) {
    return this.companies.update(actor, id, body);
  }

  @Delete(':id')
  @Responds(messageResponseSchema)
  remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.companies.remove(actor, id);
  }
}
