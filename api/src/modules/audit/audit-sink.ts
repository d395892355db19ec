import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { Audience } from '@kpi/contracts';
import { RequestScope } from '../../common/request-scope/request-scope';
import { OutboxSinks, type ClosingWrite, type NotedEvent, type OutboxSink, type SinkEvents } from '../../events/outbox-sink';
import { appendEntries, chainOf, reserveChains, toAuditView, type AuditAuthor } from './audit-chain.repository';
import { draftsOf } from './audit.rules';

/** Who hears of a new entry: its company's admins, and the superadmin. */
export const audiencesOf = (companyId: string | null): Audience[] =>
  companyId ? [{ kind: 'admins', companyId }, { kind: 'superadmin' }] : [{ kind: 'superadmin' }];

/**
 * The audit trail's sink on the outbox (events/outbox-sink.ts): when a unit of work made by a signed-in person
 * flushes, its events become entries (audit.rules.ts) and are appended to their companies' chains in the same
 * transaction, each announced as `audit.recorded`. Work nobody signed in for (timers, the outbox's own
 * consumers, sign-in itself) is not audited.
 *
 * Cost per unit of work, whatever the number of entries: the chains' heads move in one upsert, sent with the
 * event counters; the entries go in one multi-row insert and the heads' hashes in one update, sent with the
 * event log's insert.
 */
@Injectable()
export class AuditSink implements OutboxSink, OnModuleInit {
  constructor(private readonly sinks: OutboxSinks) {}

  onModuleInit(): void {
    this.sinks.add(this);
  }

  closingWrite(em: EntityManager, events: readonly NotedEvent[], recorder: SinkEvents): ClosingWrite | null {
    const who = RequestScope.author();
    // Outside a signed-in request only events that name their own actor are entries (docs/audit.md).
    const drafts = draftsOf(events).filter((d) => who || d.actor);
    if (!drafts.length) return null;
    const author: AuditAuthor | null = who ? { actor: who.actor, requestId: who.requestId } : null;
    return {
      audiences: () => drafts.flatMap((d) => audiencesOf(d.companyId)),
      write: async () => {
        const counts = new Map<string, number>();
        for (const d of drafts) counts.set(chainOf(d.companyId), (counts.get(chainOf(d.companyId)) ?? 0) + 1);
        const heads = await reserveChains(em, counts);
        const { entries, written } = appendEntries(em, drafts, heads, author, new Date());
        // Joined with the event log's insert by the recorder; marked handled so a failure waits for that join.
        written.catch(() => undefined);
        for (const entry of entries) {
          const view = toAuditView(entry);
          for (const audience of audiencesOf(entry.companyId)) recorder.record('audit.recorded', audience, { entry: view });
        }
        return { rest: written };
      },
    };
  }
}
