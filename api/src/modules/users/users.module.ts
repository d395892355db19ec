import { Module } from '@nestjs/common';
import { UserRepositoryModule } from './user-repository.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({ imports: [UserRepositoryModule], controllers: [UsersController], providers: [UsersService], exports: [UsersService] })
export class UsersModule {}
