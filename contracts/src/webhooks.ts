import { z } from 'zod';
import { LIMITS } from './constants';
import { httpUrl, idField, optionalText, timestampField } from './common/fields';
import { pageQuerySchema } from './paging';

/**
 * Integrations: a company's events sent to its own HTTPS endpoints (signed, Standard Webhooks), or posted as
 * messages to a Slack or Microsoft Teams channel (docs/webhooks.md).
 */

/**
 * The events a company's systems may receive; personal and internal ones (sessions, the bell) never leave. Each is
 * one of the catalogue's event types: realtime/events.ts checks that, as the catalogue imports this file.
 */
export const WEBHOOK_EVENT_TYPES = [
  'task.assigned', 'task.updated', 'task.deleted', 'task.submitted', 'task.scored',
  'leaderboard.generated',
  'announcement.created', 'announcement.updated', 'announcement.pinned', 'announcement.deleted',
  'badge.awarded',
  'user.created', 'user.updated', 'user.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a chat channel is told: results people celebrate, not every task edit. */
export const CHAT_EVENT_TYPES = ['task.scored', 'badge.awarded', 'announcement.pinned', 'leaderboard.generated'] as const satisfies readonly WebhookEventType[];

export const WEBHOOK_KINDS = ['standard', 'slack', 'teams'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** Endpoints one company may register. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** The type of the event "Send test event" posts; it has no sequence number. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT = 2048;

const kindField = z.enum(WEBHOOK_KINDS, { error: `Kind must be one of ${WEBHOOK_KINDS.join(', ')}` });
const eventTypesField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Event types must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'Event types must be a list' })
  .min(1, 'Choose at least one event type')
  .transform((types) => [...new Set(types)]);

/** Chat channels accept only the events that make a readable message. */
const chatTypesOnly = (value: { kind?: WebhookKind; eventTypes?: WebhookEventType[] }, ctx: z.RefinementCtx) => {
  if (value.kind && value.kind !== 'standard' && value.eventTypes?.some((t) => !(CHAT_EVENT_TYPES as readonly string[]).includes(t))) {
    ctx.addIssue({ code: 'custom', path: ['eventTypes'], message: `A ${value.kind} channel can post only ${CHAT_EVENT_TYPES.join(', ')}` });
  }
};

/** POST /webhooks. The superadmin names the company; an admin registers for their own. */
export const createWebhookSchema = z
  .object({
    url: httpUrl('URL', 'URL is required'),
    kind: kindField.default('standard'),
    description: optionalText('Description', LIMITS.title).default(''),
    eventTypes: eventTypesField,
    active: z.boolean({ error: 'Active must be true or false' }).default(true),
    company: idField('Company').optional(),
  })
  .superRefine(chatTypesOnly);
export type CreateWebhookRequest = z.input<typeof createWebhookSchema>;
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

/** PUT /webhooks/{id}: any of these; the kind is fixed once created. */
export const updateWebhookSchema = z.object({
  url: httpUrl('URL', 'URL is required').optional(),
  description: optionalText('Description', LIMITS.title).optional(),
  eventTypes: eventTypesField.optional(),
  active: z.boolean({ error: 'Active must be true or false' }).optional(),
});
export type UpdateWebhookRequest = z.input<typeof updateWebhookSchema>;
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;

/** POST /webhooks/{id}/replay: send again, in order, every subscribed event from this sequence number on. */
export const replayWebhookSchema = z.object({
  fromSeq: z.number({ error: 'From sequence must be a number' }).int('From sequence must be a whole number').min(1, 'From sequence must be at least 1'),
});
export type ReplayWebhookRequest = z.input<typeof replayWebhookSchema>;

export const webhookListQuerySchema = pageQuerySchema.extend({ company: idField('Company').optional() });
export type WebhookListQuery = z.input<typeof webhookListQuerySchema>;
export type WebhookListInput = z.output<typeof webhookListQuerySchema>;

export const webhookEndpointSchema = z.object({
  _id: z.string(),
  company: z.string(),
  url: z.url(),
  kind: z.enum(WEBHOOK_KINDS),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** Why deliveries stopped on their own (410 Gone, retries exhausted); null while active or paused by hand. */
  pausedReason: z.string().nullable(),
  /** The last sequence number of the company's stream this endpoint is done with. */
  deliveredSeq: z.number().int(),
  /** Failed attempts at the event now due; 0 when nothing is failing. */
  failures: z.number().int(),
  nextAttemptAt: timestampField.nullable(),
  /** Standard endpoints sign with a secret; chat channels are unsigned. */
  signed: z.boolean(),
  /** Until then the previous secret signs too (rotation). */
  previousSecretUntil: timestampField.nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export const webhookWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string().nullable() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_TRIGGERS = ['delivery', 'test', 'redeliver'] as const;

/** One try at sending one event to one endpoint, as the delivery log shows it. */
export const webhookAttemptSchema = z.object({
  _id: z.string(),
  endpoint: z.string(),
  eventId: z.string(),
  /** Null for a test event. */
  seq: z.number().int().nullable(),
  eventType: z.string(),
  trigger: z.enum(WEBHOOK_TRIGGERS),
  /** 1 for the first try at this event, 2 for its first retry… */
  attempt: z.number().int(),
  succeeded: z.boolean(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first WEBHOOK_RESPONSE_EXCERPT characters of the answer. */
  response: z.string(),
  /** Why it failed without an answer, or why the answer counts as a failure. */
  error: z.string().nullable(),
  at: timestampField,
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** GET /events?after=&limit=: the company's logged events, for a receiver filling a gap; `cursor` continues a page. */
export const eventFeedQuerySchema = pageQuerySchema.extend({
  after: z
    .string({ error: 'After must be a sequence number' })
    .regex(/^\d{1,15}$/, 'After must be a sequence number')
    .transform(Number)
    .optional()
    .transform((n) => n ?? 0),
  company: idField('Company').optional(),
});
export type EventFeedQuery = z.input<typeof eventFeedQuerySchema>;
export type EventFeedInput = z.output<typeof eventFeedQuerySchema>;

/** A delivered event's body, and one item of the events feed: the socket envelope, minus nothing. */
export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  seq: z.number().int().nullable(),
  at: timestampField,
  companyId: z.string(),
  payload: z.unknown(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
