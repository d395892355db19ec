import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { outsideRequest } from '../common/tenancy/query-origin';
import { EventPublisher } from './event-publisher';
import { EventRecorder } from './event-recorder';

/**
 * Runs a change in one transaction together with the events it records, and publishes those events only
 * after the commit. Services make every write that others should hear about through here.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    private readonly em: EntityManager,
    private readonly publisher: EventPublisher,
  ) {}

  async run<T>(work: (em: EntityManager, events: EventRecorder) => Promise<T>): Promise<T> {
    let recorded: Awaited<ReturnType<EventRecorder['flush']>> = [];
    const result = await this.em.fork().transactional(async (em) => {
      const events = new EventRecorder(em);
      const value = await work(em, events);
      await em.flush();
      recorded = await events.flush();
      return value;
    });
    // Publishing serves every audience of the events, not the caller: none of its reads are the request's.
    outsideRequest(() => this.publisher.publish(recorded));
    return result;
  }
}
