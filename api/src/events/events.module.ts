import { Global, Module } from '@nestjs/common';
import { CommitFeed } from './commit-feed';
import { CommittedCacheDrops } from './committed-cache-drops';
import { EventLogPruner } from './event-log-pruner';
import { OutboxSinks } from './outbox-sink';
import { UnitOfWork } from './unit-of-work';

/** The outbox: events are recorded with their change and handed to the commit feed's listeners after it commits. */
@Global()
@Module({ providers: [CommitFeed, CommittedCacheDrops, UnitOfWork, EventLogPruner, OutboxSinks], exports: [CommitFeed, UnitOfWork, OutboxSinks] })
export class EventsModule {}
