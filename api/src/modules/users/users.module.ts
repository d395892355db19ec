import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { StatsModule } from '../stats/stats.module';
import { UserRepositoryModule } from './user-repository.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({ imports: [CompaniesModule, StatsModule, UserRepositoryModule], controllers: [UsersController], providers: [UsersService], exports: [UsersService] })
export class UsersModule {}
