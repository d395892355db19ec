import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { EntityDictionary, FilterQuery } from '@mikro-orm/core';
import { WEBHOOK_EVENT_TYPES, type WebhookAttempt as WebhookAttemptView, type WebhookEndpoint as WebhookEndpointView, type WebhookEvent } from '@kpi/contracts';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { after, orderOf, type SortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { dbDate, placeholders } from '../../common/rows/params';
import { Scope } from '../../common/tenancy/scope';
import { WebhookAttempt, type AttemptRecord } from './webhook-attempt.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { toAttemptView, toEndpointView, toWebhookEvent } from './webhook.view';
import type { DbDate } from '../../common/rows/columns';
import { execute } from '../../database/bound-sql';
import { readRows } from '../../database/read-rows';

/** Rows per insert into the delivery log: far below either database's limit on bound values. */
const ATTEMPTS_PER_INSERT = 200;

/** An endpoint's delivery state as a run leaves it. */
export type DeliveryState = Pick<WebhookEndpoint, 'deliveredSeq' | 'failures' | 'failingSince' | 'nextAttemptAt' | 'active' | 'pausedReason' | 'updatedAt'>;

const ENDPOINT_ORDER: SortKey[] = [
  { prop: 'createdAt', dir: 'desc' },
  { prop: 'id', dir: 'asc' },
];
const ATTEMPT_ORDER: SortKey[] = [
  { prop: 'at', dir: 'desc' },
  { prop: 'id', dir: 'desc' },
];
const TIME_AND_ID = ['number', 'string'] as const;
/**
 * A fact told to several audiences is logged once per audience (the assignee's copy, the admins' copy). It leaves
 * the building once: as the copy for the whole company or its admins, which every deliverable fact has.
 */
const SHARED_COPIES = ['company', 'admins'];

interface EventRow {
  id: string;
  type: string;
  seq: number | string;
  payload: unknown;
  at: DbDate;
  company_id: string | null;
}

/**
 * Every statement on the webhook tables and every read of the event log for deliveries: the company predicate
 * comes from the Scope (or, for the dispatcher, from the endpoint row it holds), and rows become answers through
 * webhook.view.ts only.
 */
@Injectable()
export class WebhookRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cursors: CursorCodec,
  ) {}

  async list(scope: Scope, limit: number, cursor?: string): Promise<Page<WebhookEndpointView[]>> {
    const conditions: FilterQuery<WebhookEndpoint>[] = [scope.where({})];
    if (cursor) {
      const [createdAt, id] = this.cursors.decode('webhooks', cursor, TIME_AND_ID);
      conditions.push(after(ENDPOINT_ORDER, [new Date(createdAt as number), id]));
    }
    const rows = await this.em.fork().find(WebhookEndpoint, { $and: conditions }, { orderBy: orderOf(ENDPOINT_ORDER), limit: limit + 1 });
    const { items, more } = cut(rows, limit);
    const last = items[items.length - 1];
    return new Page(items.map(toEndpointView), more && last ? this.cursors.encode('webhooks', [last.createdAt.getTime(), last.id]) : null);
  }

  /** One endpoint of the scope's company, with its sealed secrets; 404 for another company's. */
  findOwn(em: EntityManager, scope: Scope, id: string): Promise<WebhookEndpoint> {
    return scope.findOwn(em, WebhookEndpoint, id, 'Webhook endpoint', { populate: ['secretEnc', 'previousSecretEnc'] });
  }

  countIn(em: EntityManager, scope: Scope): Promise<number> {
    return em.count(WebhookEndpoint, scope.where({}));
  }

  async attempts(scope: Scope, endpointId: string, limit: number, cursor?: string): Promise<Page<WebhookAttemptView[]>> {
    const conditions: FilterQuery<WebhookAttempt>[] = [scope.where({ endpoint: endpointId }, 'companyId')];
    if (cursor) {
      const [at, id] = this.cursors.decode('webhook-attempts', cursor, TIME_AND_ID);
      conditions.push(after(ATTEMPT_ORDER, [new Date(at as number), id]));
    }
    const rows = await this.em.fork().find(WebhookAttempt, { $and: conditions }, { orderBy: orderOf(ATTEMPT_ORDER), limit: limit + 1 });
    const { items, more } = cut(rows, limit);
    const last = items[items.length - 1];
    return new Page(items.map(toAttemptView), more && last ? this.cursors.encode('webhook-attempts', [last.at.getTime(), last.id]) : null);
  }

  /**
   * The last committed sequence number of a company's stream (0 before its first event). Like the other reads
   * of the dispatcher, it runs beside SQLite's writer (read-rows.ts), not in the queue of requests' writes.
   */
  async streamHead(em: EntityManager, companyId: string): Promise<number> {
    const [row] = await readRows<{ last_seq: number | string }>(em, 'select last_seq from stream_sequences where stream = ?', [companyId]);
    return Number(row?.last_seq ?? 0);
  }

  /** A company's shared events after `afterSeq` up to `upTo`, of the given types, in order. */
  async eventsAfter(em: EntityManager, companyId: string, afterSeq: number, upTo: number, types: readonly string[], limit: number): Promise<WebhookEvent[]> {
    if (types.length === 0) return [];
    const rows = await readRows<EventRow>(
      em,
      `select id, type, seq, payload, at, company_id from event_log where stream = ? and company_id = ? and seq > ? and seq <= ? and audience_kind in (?, ?) and type in (${placeholders(types)}) order by seq limit ?`,
      [companyId, companyId, afterSeq, upTo, ...SHARED_COPIES, ...types, limit],
    );
    return rows.map(eventOf);
  }

  /**
   * The stream's head and the company's shared events after `afterSeq` up to it, of the given types, in order: what a
   * delivery run reads each time round, in one statement (one snapshot) on the read connection.
   */
  async pendingEvents(em: EntityManager, companyId: string, afterSeq: number, types: readonly string[], limit: number): Promise<{ head: number; events: WebhookEvent[] }> {
    if (types.length === 0) return { head: await this.streamHead(em, companyId), events: [] };
    const rows = await readRows<{ head: number | string } & { [K in keyof EventRow]: EventRow[K] | null }>(
      em,
      `select s.last_seq as head, l.id, l.type, l.seq, l.payload, l.at, l.company_id from stream_sequences s
       left join event_log l on l.stream = s.stream and l.company_id = ? and l.seq > ? and l.seq <= s.last_seq
         and l.audience_kind in (?, ?) and l.type in (${placeholders(types)})
       where s.stream = ? order by l.seq limit ?`,
      [companyId, afterSeq, ...SHARED_COPIES, ...types, companyId, limit],
    );
    const head = Number(rows[0]?.head ?? 0);
    return { head, events: rows.flatMap((row) => (row.id === null ? [] : [eventOf(row as EventRow)])) };
  }

  /** One logged event of the company that may leave it, or null (another company's, internal, or pruned). */
  async event(em: EntityManager, scope: Scope, eventId: string): Promise<WebhookEvent | null> {
    const company = scope.sql('company_id');
    const [row] = await execute<EventRow>(
        em,
        `select id, type, seq, payload, at, company_id from event_log where id = ? and ${company.sql} and audience_kind in (?, ?) and type in (${placeholders(WEBHOOK_EVENT_TYPES)})`,
        [eventId, ...company.params, ...SHARED_COPIES, ...WEBHOOK_EVENT_TYPES],
      );
    return row ? eventOf(row) : null;
  }

  // --- the dispatcher's statements: across companies, each endpoint row naming its own ---

  /**
   * Endpoints with a deliverable event they have not been through and nothing holding them back, free ones and
   * those `owner` holds: retries by when they came due, then the least recently served (every endpoint gets its
   * turn when more are due than a node sends to at once). Events that never leave (the delivery log's own, the bell's) do not wake an
   * endpoint.
   */
  async dueEndpointIds(now: Date, owner: string, limit: number): Promise<string[]> {
    const at = dbDate(this.em)(now);
    const rows = await readRows<{ id: string }>(
      this.em,
      `select e.id from webhook_endpoints e join stream_sequences s on s.stream = e.company_id
       where e.active = ? and s.last_seq > e.delivered_seq and (e.next_attempt_at is null or e.next_attempt_at <= ?)
         and (e.lease_until is null or e.lease_until < ? or e.lease_owner = ?)
         and exists (select 1 from event_log l where l.stream = e.company_id and l.seq > e.delivered_seq
                     and l.audience_kind in (?, ?) and l.type in (${placeholders(WEBHOOK_EVENT_TYPES)}))
       order by e.next_attempt_at, e.updated_at, e.id limit ?`,
      [true, at, at, owner, ...SHARED_COPIES, ...WEBHOOK_EVENT_TYPES, limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Takes or renews the leases on endpoints: the one compare-and-set that makes a single node an endpoint's
   * sender. Answers the ids this node holds now; another node holds the rest.
   */
  async lease(ids: string[], owner: string, now: Date, until: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const at = dbDate(this.em);
    const rows = await execute<{ id: string }>(
      this.em,
      `update webhook_endpoints set lease_owner = ?, lease_until = ?
       where id in (${placeholders(ids)}) and active = ? and (lease_until is null or lease_until < ? or lease_owner = ?) returning id`,
      [owner, at(until), ...ids, true, at(now), owner],
    );
    return rows.map((r) => r.id);
  }

  /**
   * The active endpoints `owner` holds among `ids`, with their sealed secrets, as the database has them now: read
   * beside SQLite's writer (read-rows.ts), since the lease that named `owner` has committed.
   */
  async held(ids: string[], owner: string): Promise<WebhookEndpoint[]> {
    if (ids.length === 0) return [];
    const rows = await readRows<EntityDictionary<WebhookEndpoint>>(this.em, `select * from webhook_endpoints where id in (${placeholders(ids)}) and lease_owner = ? and active = ?`, [...ids, owner, true]);
    const em = this.em.fork();
    return rows.map((row) => em.map(WebhookEndpoint, row));
  }

  async release(ids: string[], owner: string): Promise<void> {
    if (ids.length === 0) return;
    await execute(this.em, `update webhook_endpoints set lease_owner = null, lease_until = null where id in (${placeholders(ids)}) and lease_owner = ?`, [...ids, owner]);
  }

  /**
   * Writes the delivery states of the runs `owner` settles together, in the unit of work recording their attempts:
   * one statement, however many endpoints. Answers the ids written; an endpoint whose lease `owner` lost is not.
   */
  async saveDeliveryStates(em: EntityManager, owner: string, states: readonly { id: string; state: DeliveryState }[]): Promise<Set<string>> {
    if (states.length === 0) return new Set();
    const at = dbDate(em);
    const columns: [string, (s: DeliveryState) => unknown][] = [
      ['delivered_seq', (s) => s.deliveredSeq],
      ['failures', (s) => s.failures],
      ['failing_since', (s) => (s.failingSince ? at(s.failingSince) : null)],
      ['next_attempt_at', (s) => (s.nextAttemptAt ? at(s.nextAttemptAt) : null)],
      ['active', (s) => s.active],
      ['paused_reason', (s) => s.pausedReason],
      ['updated_at', (s) => at(s.updatedAt)],
    ];
    // `else` the column itself: PostgreSQL then reads each value as the column's type.
    const cases = columns.map(([column]) => `${column} = case id ${states.map(() => 'when ? then ?').join(' ')} else ${column} end`);
    const rows = await execute<{ id: string }>(
      em,
      `update webhook_endpoints set ${cases.join(', ')} where id in (${placeholders(states)}) and lease_owner = ? returning id`,
      [...columns.flatMap(([, value]) => states.flatMap(({ id, state }) => [id, value(state)])), ...states.map((s) => s.id), owner],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Writes rows of the delivery log, a few hundred to a statement. */
  async insertAttempts(em: EntityManager, rows: readonly AttemptRecord[]): Promise<void> {
    const at = dbDate(em);
    for (let i = 0; i < rows.length; i += ATTEMPTS_PER_INSERT) {
      const chunk = rows.slice(i, i + ATTEMPTS_PER_INSERT);
      await execute(
        em,
        `insert into webhook_attempts (id, endpoint_id, company_id, event_id, seq, event_type, "trigger", attempt, succeeded, status_code, duration_ms, response, error, at)
         values ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((r) => [r.id, r.endpoint.id, r.companyId, r.eventId, r.seq, r.eventType, r.trigger, r.attempt, r.succeeded, r.statusCode, r.durationMs, r.response, r.error, at(r.at)]),
      );
    }
  }

  /** The name of a person of the endpoint's company, for a chat message; null once they are gone. */
  async personName(em: EntityManager, companyId: string, userId: string): Promise<string | null> {
    const [row] = await execute<{ name: string }>(em, 'select name from users where id = ? and company_id = ?', [userId, companyId]);
    return row?.name ?? null;
  }

  /** Attempts older than the event log keeps events. */
  pruneAttempts(before: Date): Promise<number> {
    return this.em.fork().nativeDelete(WebhookAttempt, { at: { $lt: before } });
  }
}

const eventOf = (row: EventRow): WebhookEvent =>
  toWebhookEvent({
    id: row.id,
    type: row.type,
    seq: Number(row.seq),
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
    at: row.at,
    companyId: row.company_id,
  });
