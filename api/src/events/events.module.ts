import { Global, Module } from '@nestjs/common';
import { EventLogPruner } from './event-log-pruner';
import { EventPublisher } from './event-publisher';
import { UnitOfWork } from './unit-of-work';

@Global()
@Module({ providers: [EventPublisher, UnitOfWork, EventLogPruner], exports: [EventPublisher, UnitOfWork] })
export class EventsModule {}
