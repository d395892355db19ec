import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Role } from '@kpi/contracts';
import { dbDate } from '../../common/rows/params';
import { execute } from '../../database/bound-sql';
import { CommitFeed } from '../../events/commit-feed';
import { OutboxCursor, type OutboxEvent } from '../../events/outbox-cursor';
import { BackgroundLoop, MAIL_SETTLE_MS } from './background-loop';
import { draftsFor, modeFor } from './mail-kinds.rules';
import { activeRecipients } from './mail-preferences.repository';
import { Scope } from '../../common/tenancy/scope';
import { MailSender } from './mail-sender';

/** The events that can make an email: a commit carrying one wakes the fan-out at once. */
const MAIL_EVENTS = new Set(['task.assigned', 'task.scored', 'badge.awarded', 'task.submitted', 'announcement.created']);
const EVENTS_PER_STEP = 200;
/** Streams read per pass (the cursor's default): a full pass means more may be behind. */
const STREAMS_PER_PASS = 100;
const ROWS_PER_INSERT = 300;

/** A mail row as inserted. */
export interface NewMail {
  companyId: string;
  userId: string;
  kind: string;
  mode: 'instant' | 'digest';
  eventKey: string;
  payload: unknown;
  /** When it happened (the digest lists in this order); the row is due at once. */
  at: Date;
}

/** Inserts mail rows, skipping any already made for the same event, person and kind. Answers how many were new. */
export async function insertMail(em: EntityManager, rows: NewMail[]): Promise<number> {
  const date = dbDate(em);
  const now = date(new Date());
  let inserted = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const made = await execute<{ id: string }>(
      em,
      `insert into mail_messages (id, company_id, user_id, kind, mode, event_key, payload, status, attempts, next_attempt_at, created_at)
       values ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)").join(', ')}
       on conflict (event_key, user_id, kind) do nothing returning id`,
      chunk.flatMap((r) => [randomUUID(), r.companyId, r.userId, r.kind, r.mode, r.eventKey, JSON.stringify(r.payload), now, date(r.at)]),
    );
    inserted += made.length;
  }
  return inserted;
}

/**
 * The outbox's mail consumer: reads each company's events after its cursor (events/outbox-cursor.ts) and turns
 * them into one mail row per recipient and kind, in the transaction that moves the cursor. Runs on every node;
 * the cursor's lock and the rows' unique key make each email once. It never runs on a request's path: a commit
 * only wakes it, and the wakes of a busy moment make one pass (MAIL_SETTLE_MS) whose streams all move in one
 * transaction: one commit for every company that had events, not one per scoring.
 */
@Injectable()
export class MailFanout implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailFanout');
  private readonly cursor = new OutboxCursor('mail');
  private readonly loop = new BackgroundLoop('MailFanout', 1_000, async () => (await this.pass()).more, MAIL_SETTLE_MS);

  constructor(
    private readonly em: EntityManager,
    private readonly feed: CommitFeed,
    private readonly sender: MailSender,
  ) {}

  onApplicationBootstrap(): void {
    this.feed.listen((committed) => {
      if (committed.events.some((e) => MAIL_EVENTS.has(e.envelope.type))) this.loop.wake();
    });
    this.loop.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.loop.stop();
  }

  /** Reads on in every stream that is behind; answers whether it read anything. */
  async runOnce(): Promise<boolean> {
    return (await this.pass()).read;
  }

  /** One pass over the streams that are behind: whether it read any, and whether more may be waiting. */
  private async pass(): Promise<{ read: boolean; more: boolean }> {
    const streams = await this.cursor.streamsBehind(this.em, STREAMS_PER_PASS);
    if (streams.length === 0) return { read: false, more: false };
    let made = 0;
    const fanOut = async (tx: EntityManager, stream: string, events: OutboxEvent[]) => {
      made += await this.fanOut(tx, stream, events);
    };
    let handled: number[];
    try {
      handled = [...(await this.cursor.stepStreams(this.em, streams, EVENTS_PER_STEP, fanOut)).values()];
    } catch (err) {
      // All rolled back. Each stream on its own, so a stream that keeps failing holds up only its own email.
      this.logger.warn(`mail fan-out of ${streams.length} streams failed, stepping them one by one: ${(err as Error).message}`);
      made = 0;
      handled = [];
      for (const stream of streams) {
        try {
          handled.push(await this.cursor.step(this.em, stream, EVENTS_PER_STEP, (tx, events) => fanOut(tx, stream, events)));
        } catch (streamErr) {
          this.logger.warn(`mail fan-out of stream ${stream} failed: ${(streamErr as Error).message}`);
        }
      }
    }
    if (made) this.sender.wake();
    return { read: true, more: streams.length === STREAMS_PER_PASS || handled.some((n) => n === EVENTS_PER_STEP) };
  }

  private async fanOut(em: EntityManager, companyId: string, events: OutboxEvent[]): Promise<number> {
    const drafts = events.flatMap((event) => draftsFor(event).map((draft) => ({ event, draft })));
    // Only a company's stream makes email, and only to the active people of that company.
    if (drafts.length === 0 || events[0].companyId !== companyId) return 0;
    const ids = [...new Set(drafts.flatMap(({ draft }) => ('userId' in draft.to ? [draft.to.userId] : [])))];
    const roles = [...new Set(drafts.flatMap(({ draft }) => ('roles' in draft.to ? draft.to.roles : [])))];
    const recipients = await activeRecipients(em, Scope.company(companyId), ids, roles);
    const rows: NewMail[] = [];
    for (const { event, draft } of drafts) {
      const to = 'userId' in draft.to ? recipients.filter((r) => r.id === (draft.to as { userId: string }).userId) : recipients.filter((r) => (draft.to as { roles: Role[] }).roles.includes(r.role));
      for (const r of to) {
        const mode = modeFor(draft.kind, r.role, r.modes);
        if (mode === 'off') continue;
        rows.push({ companyId, userId: r.id, kind: draft.kind, mode, eventKey: event.id, payload: draft.facts, at: event.at });
      }
    }
    return insertMail(em, rows);
  }
}
