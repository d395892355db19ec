import type { DevMailbox, MailPreferences, UnsubscribeResponse, UpdateMailPreferencesRequest } from '@kpi/contracts';
import { api, queryString } from '../../lib/api';

/** The caller's own email choices; the unsubscribe of an email's link (no sign-in); the developer mailbox. */
export const mailApi = {
  preferences: () => api.get<MailPreferences>('/notification-preferences'),
  savePreferences: (body: UpdateMailPreferencesRequest) => api.put<MailPreferences>('/notification-preferences', body),
  unsubscribe: (token: string) => api.post<UnsubscribeResponse>(`/mail/unsubscribe${queryString({ token })}`, undefined, { token: null, allowUnauthorized: true }),
  devMailbox: () => api.get<DevMailbox>('/dev/mailbox'),
};
