import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { WEBHOOK_RESPONSE_EXCERPT, WEBHOOK_TEST_EVENT, type EventPayloads, type WebhookEvent } from '@kpi/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { chatBody, chatSentence, type ChatEvent } from './chat-message';
import { safePost, type PostOutcome } from './safe-post';
import { SecretBox } from './secret-box';
import { signedHeaders } from './signature';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookRepository } from './webhook.repository';

/** A receiver that does not answer within this is tried again later. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The largest body sent; a larger event is recorded as failed and passed over (docs/webhooks.md). */
export const MAX_PAYLOAD_BYTES = 256 * 1024;

/** Turns one event into one request to one endpoint: the body of its kind, signed when it is a standard endpoint. */
@Injectable()
export class WebhookSender {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly repository: WebhookRepository,
  ) {
    this.box = new SecretBox(config.jwtSecret);
  }

  /** The box sealing this server's signing secrets. */
  get secrets(): SecretBox {
    return this.box;
  }

  /** Sends `event`; null when a chat channel has nothing to say about it (an announcement unpinned). */
  async send(endpoint: WebhookEndpoint, event: WebhookEvent): Promise<PostOutcome | null> {
    const body = endpoint.kind === 'standard' ? JSON.stringify(event) : await this.chatBodyOf(endpoint, event);
    if (body === null) return null;
    const size = Buffer.byteLength(body);
    if (size > MAX_PAYLOAD_BYTES) {
      return { sentAt: new Date(), statusCode: null, response: '', error: `The event is ${Math.ceil(size / 1024)} kB, over the ${MAX_PAYLOAD_BYTES / 1024} kB limit: passed over`, durationMs: 0 };
    }
    const headers = endpoint.kind === 'standard' ? signedHeaders(this.liveSecrets(endpoint), event.id, Math.floor(Date.now() / 1000), body) : {};
    return safePost(endpoint.url, body, headers, {
      timeoutMs: DELIVERY_TIMEOUT_MS,
      allowLoopback: this.config.webhookAllowLoopback,
      excerptLimit: WEBHOOK_RESPONSE_EXCERPT,
    });
  }

  /** The current secret, and the previous one while its rotation grace lasts. */
  private liveSecrets(endpoint: WebhookEndpoint): string[] {
    const secrets = endpoint.secretEnc ? [this.box.open(endpoint.secretEnc)] : [];
    if (endpoint.previousSecretEnc && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date()) {
      secrets.push(this.box.open(endpoint.previousSecretEnc));
    }
    return secrets;
  }

  private async chatBodyOf(endpoint: WebhookEndpoint, event: WebhookEvent): Promise<string | null> {
    if (endpoint.kind === 'standard') return null;
    let chat: ChatEvent;
    switch (event.type) {
      case 'badge.awarded': {
        const payload = event.payload as EventPayloads['badge.awarded'];
        const personName = (await this.repository.personName(this.em.fork(), endpoint.company.id, payload.userId)) ?? 'a former colleague';
        chat = { type: 'badge.awarded', payload, personName };
        break;
      }
      case WEBHOOK_TEST_EVENT:
        chat = { type: 'webhook.test' };
        break;
      case 'task.scored':
      case 'announcement.pinned':
      case 'leaderboard.generated':
        chat = { type: event.type, payload: event.payload } as ChatEvent;
        break;
      default:
        return null;
    }
    const sentence = chatSentence(chat);
    return sentence === null ? null : JSON.stringify(chatBody(endpoint.kind, sentence));
  }
}

export const succeeded = (outcome: PostOutcome): boolean => outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
