import { CHAT_EVENT_TYPES, WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType, type WebhookKind } from '@kpi/contracts';

export const KIND_LABELS: Record<WebhookKind, string> = { standard: 'Standard webhook', slack: 'Slack', teams: 'Microsoft Teams' };

/** The events an endpoint of `kind` may subscribe to: chat channels only post the ones that read well. */
export const eventTypesFor = (kind: WebhookKind): readonly WebhookEventType[] => (kind === 'standard' ? WEBHOOK_EVENT_TYPES : CHAT_EVENT_TYPES);

/** The chosen types an endpoint of `kind` may keep (switching a new endpoint to Slack drops task.assigned…). */
export const allowedFor = (kind: WebhookKind, chosen: readonly WebhookEventType[]): WebhookEventType[] =>
  chosen.filter((t) => eventTypesFor(kind).includes(t));

export type EndpointState =
  | { state: 'active' }
  | { state: 'paused'; reason: string }
  | { state: 'failing'; failures: number; nextAttemptAt: string | null };

/**
 * What the list says about an endpoint: paused (by hand, or by the server with its reason), failing (a delivery
 * is being retried), or active.
 */
export function endpointState(endpoint: Pick<WebhookEndpoint, 'active' | 'pausedReason' | 'failures' | 'nextAttemptAt'>): EndpointState {
  if (!endpoint.active) return { state: 'paused', reason: endpoint.pausedReason ?? 'Paused by an admin' };
  if (endpoint.failures > 0) return { state: 'failing', failures: endpoint.failures, nextAttemptAt: endpoint.nextAttemptAt };
  return { state: 'active' };
}

/** 'Send test event' and the like: a failed delivery says why (the error, else the status code). */
export function attemptOutcome(attempt: { succeeded: boolean; statusCode: number | null; error: string | null }): string {
  if (attempt.succeeded) return `Delivered (${attempt.statusCode ?? 'no status'})`;
  if (attempt.error) return attempt.error;
  return attempt.statusCode === null ? 'No answer' : `Answered ${attempt.statusCode}`;
}

/** A sequence number typed into "Replay from sequence": a whole number from 1, or null. */
export function parseSeq(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 ? n : null;
}
