import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { StatsModule } from '../stats/stats.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({ imports: [CompaniesModule, StatsModule], controllers: [UsersController], providers: [UsersService], exports: [UsersService] })
export class UsersModule {}
