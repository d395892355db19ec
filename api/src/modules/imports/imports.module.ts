import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ImportWorker } from './import-worker';
import { ImportRepository } from './import.repository';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

/** Imports of people from CSV files (docs/imports.md); people are written through the users module. */
@Module({ imports: [UsersModule], controllers: [ImportsController], providers: [ImportsService, ImportRepository, ImportWorker], exports: [ImportWorker] })
export class ImportsModule {}
