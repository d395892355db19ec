import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { randomUUID } from 'node:crypto';
import {
  CHAT_EVENT_TYPES,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookInput,
  type EventFeedInput,
  type MessageResponse,
  type PageQuery,
  type UpdateWebhookInput,
  type WebhookAttempt as WebhookAttemptView,
  type WebhookEndpoint as WebhookEndpointView,
  type WebhookEvent,
  type WebhookListInput,
  type WebhookWithSecret,
} from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { conflict, invalid, notFound } from '../../common/errors/app-error';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { cut, Page } from '../../common/paging/page';
import { Scope } from '../../common/tenancy/scope';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { UnitOfWork } from '../../events/unit-of-work';
import { Company } from '../companies/company.entity';
import { refusedUrl } from './address-policy';
import { refusedResolution } from './safe-post';
import { newSigningSecret } from './signature';
import { WebhookAttempts } from './webhook-attempts';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookSender } from './webhook-sender';
import { toEndpointView } from './webhook.view';
import { WebhookRepository } from './webhook.repository';

/** How long the previous secret keeps signing after a rotation, so receivers can switch without a gap. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

/**
 * A company's integrations: endpoints registered by its admins (or the superadmin), their secrets, the test,
 * redeliver and replay buttons, and the events feed. Deliveries themselves run in webhook-deliveries.ts.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly repository: WebhookRepository,
    private readonly sender: WebhookSender,
    private readonly attempts: WebhookAttempts,
    private readonly dispatcher: WebhookDispatcher,
    private readonly cursors: CursorCodec,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(actor: Actor, query: WebhookListInput): Promise<Page<WebhookEndpointView[]>> {
    return this.repository.list(Scope.of(actor).narrowTo(query.company), query.limit, query.cursor);
  }

  async create(actor: Actor, input: CreateWebhookInput): Promise<WebhookWithSecret> {
    const scope = Scope.of(actor).narrowTo(input.company);
    const companyId = scope.own();
    await this.assertDeliverable(input.url);
    const secret = input.kind === 'standard' ? newSigningSecret() : null;
    const endpoint = await this.uow.run(async (em, events) => {
      if ((await em.count(Company, { id: companyId })) === 0) throw notFound('Company');
      if ((await this.repository.countIn(em, scope)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw conflict(`A company can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
      }
      const created = em.create(WebhookEndpoint, {
        company: em.getReference(Company, companyId),
        url: input.url,
        kind: input.kind,
        description: input.description,
        eventTypes: input.eventTypes,
        active: input.active,
        secretEnc: secret ? this.sender.secrets.seal(secret) : null,
        // A new endpoint hears of what happens from now on; "Replay from" reaches back.
        deliveredSeq: await this.repository.streamHead(em, companyId),
      });
      await em.flush();
      this.attempts.announceEndpoint(events, created, { before: null, secrets: secret ? ['secret'] : [] });
      return created;
    });
    return { endpoint: toEndpointView(endpoint), secret };
  }

  async update(actor: Actor, id: string, input: UpdateWebhookInput): Promise<WebhookEndpointView> {
    if (input.url) await this.assertDeliverable(input.url);
    const endpoint = await this.uow.run(async (em, events) => {
      const endpoint = await this.repository.findOwn(em, Scope.of(actor), id);
      const before = toEndpointView(endpoint);
      if (input.eventTypes && endpoint.kind !== 'standard') {
        if (input.eventTypes.some((t) => !(CHAT_EVENT_TYPES as readonly string[]).includes(t))) {
          throw invalid(`A ${endpoint.kind} channel can post only ${CHAT_EVENT_TYPES.join(', ')}`, 'eventTypes');
        }
      }
      if (input.url !== undefined) endpoint.url = input.url;
      if (input.description !== undefined) endpoint.description = input.description;
      if (input.eventTypes !== undefined) endpoint.eventTypes = input.eventTypes;
      if (input.active !== undefined && input.active !== endpoint.active) {
        endpoint.active = input.active;
        endpoint.pausedReason = null;
        // Resuming starts over: the event that failed is tried again now, with a fresh count.
        startOver(endpoint);
      }
      // A run in flight must not write its old view of the endpoint back: taking its lease stops it.
      if (input.url !== undefined || input.eventTypes !== undefined || input.active !== undefined) dropLease(endpoint);
      endpoint.updatedAt = new Date();
      await em.flush();
      this.attempts.announceEndpoint(events, endpoint, { before });
      return endpoint;
    });
    this.dispatcher.wake();
    return toEndpointView(endpoint);
  }

  remove(actor: Actor, id: string): Promise<MessageResponse> {
    return this.uow.run(async (em, events) => {
      const endpoint = await this.repository.findOwn(em, Scope.of(actor), id);
      const before = toEndpointView(endpoint);
      em.remove(endpoint);
      await em.flush();
      events.record('webhook.deleted', { kind: 'admins', companyId: endpoint.company.id }, { endpointId: id }, { before });
      return { message: 'Webhook endpoint deleted successfully' };
    });
  }

  /** A new secret, shown once; the previous one keeps signing for ROTATION_GRACE_MS beside it. */
  async rotateSecret(actor: Actor, id: string): Promise<WebhookWithSecret> {
    const secret = newSigningSecret();
    const endpoint = await this.uow.run(async (em, events) => {
      const endpoint = await this.repository.findOwn(em, Scope.of(actor), id);
      if (endpoint.kind !== 'standard') throw invalid(`A ${endpoint.kind} channel is not signed`, 'id');
      const before = toEndpointView(endpoint);
      endpoint.previousSecretEnc = endpoint.secretEnc;
      endpoint.previousSecretUntil = new Date(Date.now() + ROTATION_GRACE_MS);
      endpoint.secretEnc = this.sender.secrets.seal(secret);
      endpoint.updatedAt = new Date();
      await em.flush();
      this.attempts.announceEndpoint(events, endpoint, { before, secrets: ['secret'] });
      return endpoint;
    });
    return { endpoint: toEndpointView(endpoint), secret };
  }

  /** Sends a test event now, whatever the endpoint subscribes to, and answers the attempt. */
  async sendTest(actor: Actor, id: string): Promise<WebhookAttemptView> {
    const scope = Scope.of(actor);
    const endpoint = await this.repository.findOwn(this.em.fork(), scope, id);
    const event: WebhookEvent = {
      id: randomUUID(),
      type: WEBHOOK_TEST_EVENT,
      seq: null,
      at: new Date().toISOString(),
      companyId: endpoint.company.id,
      payload: { endpointId: endpoint.id, message: 'A test event from KPI Tracker' },
    };
    return this.sendNow(endpoint, event, 'test');
  }

  /** Sends one past event again, now, under its own id (receivers that saw it dedupe). */
  async redeliver(actor: Actor, id: string, eventId: string): Promise<WebhookAttemptView> {
    const scope = Scope.of(actor);
    const em = this.em.fork();
    const endpoint = await this.repository.findOwn(em, scope, id);
    const event = await this.repository.event(em, scope, eventId);
    if (!event) throw notFound('Event');
    return this.sendNow(endpoint, event, 'redeliver');
  }

  /** Delivers again, in order, every subscribed event from `fromSeq` on. */
  async replay(actor: Actor, id: string, fromSeq: number): Promise<WebhookEndpointView> {
    const endpoint = await this.uow.run(async (em, events) => {
      const endpoint = await this.repository.findOwn(em, Scope.of(actor), id);
      const head = await this.repository.streamHead(em, endpoint.company.id);
      if (fromSeq > head + 1) throw invalid(`From sequence must be at most ${head + 1}`, 'fromSeq');
      const before = toEndpointView(endpoint);
      endpoint.deliveredSeq = fromSeq - 1;
      startOver(endpoint);
      dropLease(endpoint);
      endpoint.updatedAt = new Date();
      await em.flush();
      this.attempts.announceEndpoint(events, endpoint, { before });
      return endpoint;
    });
    this.dispatcher.wake();
    return toEndpointView(endpoint);
  }

  async attemptsOf(actor: Actor, id: string, query: PageQuery): Promise<Page<WebhookAttemptView[]>> {
    const scope = Scope.of(actor);
    await this.repository.findOwn(this.em.fork(), scope, id);
    return this.repository.attempts(scope, id, query.limit, query.cursor);
  }

  /** The company's deliverable events after a sequence number, oldest first: what a receiver that was down missed. */
  async feed(actor: Actor, query: EventFeedInput): Promise<Page<WebhookEvent[]>> {
    const scope = Scope.of(actor);
    if (scope.isAllCompanies && !query.company) throw invalid('Company is required', 'company');
    const companyId = scope.narrowTo(query.company).own();
    const after = query.cursor ? (this.cursors.decode('events', query.cursor, ['number'])[0] as number) : query.after;
    const em = this.em.fork();
    const head = await this.repository.streamHead(em, companyId);
    const rows = await this.repository.eventsAfter(em, companyId, after, head, WEBHOOK_EVENT_TYPES, query.limit + 1);
    const { items, more } = cut(rows, query.limit);
    const last = items[items.length - 1];
    return new Page(items, more && last ? this.cursors.encode('events', [last.seq!]) : null);
  }

  private async sendNow(endpoint: WebhookEndpoint, event: WebhookEvent, trigger: 'test' | 'redeliver'): Promise<WebhookAttemptView> {
    const outcome = (await this.sender.send(endpoint, event)) ?? { sentAt: new Date(), statusCode: null, response: '', error: 'Nothing to post to a chat channel for this event', durationMs: 0 };
    return this.uow.run(async (em, events) => this.attempts.record(em, events, endpoint, event, outcome, trigger));
  }

  /** Refuses a URL the server would never send to, naming why. */
  private async assertDeliverable(url: string): Promise<void> {
    const refused = refusedUrl(url, this.config.webhookAllowLoopback) ?? (await refusedResolution(url, this.config.webhookAllowLoopback));
    if (refused) throw invalid(refused, 'url');
  }
}

/** A fresh count of failures: the next delivery is tried now. */
function startOver(endpoint: WebhookEndpoint): void {
  endpoint.failures = 0;
  endpoint.failingSince = null;
  endpoint.nextAttemptAt = null;
}

/** Takes the endpoint from whichever node sends to it: that node's next write finds the lease gone and stops. */
function dropLease(endpoint: WebhookEndpoint): void {
  endpoint.leaseOwner = null;
  endpoint.leaseUntil = null;
}
