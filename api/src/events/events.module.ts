import { Global, Module } from '@nestjs/common';
import { EventPublisher } from './event-publisher';
import { UnitOfWork } from './unit-of-work';

@Global()
@Module({ providers: [EventPublisher, UnitOfWork], exports: [EventPublisher, UnitOfWork] })
export class EventsModule {}
