import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { createUserSchema, invitationResponseSchema, messageResponseSchema, updateUserSchema, userListQuerySchema, userSchema, type CreateUserInput, type UpdateUserInput, type UserListInput } from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { UsersService } from './users.service';

const EMAIL_TAKEN = 'A user with this email already exists (field email)';

@Controller('users')
@Roles('superadmin', 'admin')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Responds(z.array(userSchema))
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(userListQuerySchema)) query: UserListInput) {
    return this.users.list(actor, query);
  }

  @Get('company/:companyId')
  @Responds(z.array(userSchema))
  listCompany(@CurrentActor() actor: Actor, @Param('companyId') companyId: string, @Query(new ZodPipe(userListQuerySchema.omit({ company: true }))) query: UserListInput) {
    return this.users.listCompany(actor, companyId, query);
  }

  @Post()
  @Responds(userSchema, { errors: { 409: EMAIL_TAKEN } })
  create(@CurrentActor() actor: Actor, @Body(new ZodPipe(createUserSchema)) body: CreateUserInput) {
    return this.users.create(actor, body);
  }

  @Put(':id')
  @Responds(userSchema, { errors: { 409: EMAIL_TAKEN } })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(updateUserSchema)) body: UpdateUserInput) {
    return this.users.update(actor, id, body);
  }

  @Post(':id/invitation')
  @Responds(invitationResponseSchema, { errors: { 409: 'The person signs in already, or their company requires single sign-on' } })
  invite(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.users.invite(actor, id);
  }

  @Delete(':id/invitation')
  @Responds(messageResponseSchema)
  revokeInvitation(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.users.revokeInvitation(actor, id);
  }

  @Delete(':id')
  @Responds(messageResponseSchema)
  remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.users.remove(actor, id);
  }
}
