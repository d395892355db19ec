import { Module } from '@nestjs/common';
import { UserRepository } from './user.repository';

/**
 * The people's reads on their own, for the modules that answer with a person besides `users` (sign-in, password
 * links): `users` itself uses password links, so those cannot import the users module.
 */
@Module({ providers: [UserRepository], exports: [UserRepository] })
export class UserRepositoryModule {}
