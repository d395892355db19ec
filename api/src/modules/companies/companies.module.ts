import { Module } from '@nestjs/common';
import { StatsModule } from '../stats/stats.module';
import { CompaniesController } from './companies.controller';
import { CompaniesService } from './companies.service';

@Module({ imports: [StatsModule], controllers: [CompaniesController], providers: [CompaniesService], exports: [CompaniesService] })
export class CompaniesModule {}
