import type { CreateWebhookRequest, MessageResponse, UpdateWebhookRequest, WebhookAttempt, WebhookEndpoint, WebhookWithSecret } from '@kpi/contracts';
import { api, queryString, seg } from '../../lib/api';

/** Integrations (docs/webhooks.md): an admin's calls about their company's endpoints; the superadmin's cover every company. */
export const webhooksApi = {
  list: (cursor?: string) => api.page<WebhookEndpoint[]>(`/webhooks${queryString({ cursor })}`),
  create: (body: CreateWebhookRequest) => api.post<WebhookWithSecret>('/webhooks', body),
  update: (id: string, body: UpdateWebhookRequest) => api.put<WebhookEndpoint>(`/webhooks/${seg(id)}`, body),
  remove: (id: string) => api.delete<MessageResponse | undefined>(`/webhooks/${seg(id)}`),
  rotateSecret: (id: string) => api.post<WebhookWithSecret>(`/webhooks/${seg(id)}/rotate-secret`, {}),
  sendTest: (id: string) => api.post<WebhookAttempt>(`/webhooks/${seg(id)}/test`, {}),
  redeliver: (id: string, eventId: string) => api.post<WebhookAttempt>(`/webhooks/${seg(id)}/redeliver`, { eventId }),
  replay: (id: string, fromSeq: number) => api.post<WebhookEndpoint>(`/webhooks/${seg(id)}/replay`, { fromSeq }),
  /** The delivery log, newest first. */
  attempts: (id: string, cursor?: string) => api.page<WebhookAttempt[]>(`/webhooks/${seg(id)}/attempts${queryString({ cursor })}`),
};
