import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { outsideRequest } from '../common/tenancy/query-origin';
import { CommitFeed, type Committed } from './commit-feed';
import { EventRecorder } from './event-recorder';
import { OutboxSinks } from './outbox-sink';

/**
 * Runs a change in one transaction together with the events it records, and hands those events (and its
 * notices) to the commit feed only after the commit. Services make every write that others should hear about
 * through here.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    private readonly em: EntityManager,
    private readonly feed: CommitFeed,
    private readonly sinks: OutboxSinks,
  ) {}

  async run<T>(work: (em: EntityManager, events: EventRecorder) => Promise<T>): Promise<T> {
    let committed: Committed = { events: [], notices: [] };
    // A fork of the application's EntityManager, not of the request's: the unit of work shares no loaded entity
    // with the request, and a request that only writes through here never forks one of its own (request-scope.ts).
    const result = await this.em.fork({ disableContextResolution: true }).transactional(async (em) => {
      const events = new EventRecorder(em, this.sinks.all);
      const value = await work(em, events);
      await em.flush();
      committed = await events.flush();
      return value;
    });
    // Delivery serves every audience of the events, not the caller: none of its reads are the request's.
    outsideRequest(() => this.feed.deliver(committed));
    return result;
  }
}
