import type { MessageResponse, SsoSettingsRequest, SsoSettingsResponse, SsoTestResponse } from '@kpi/contracts';
import { api, seg } from '../../lib/api';

export const ssoApi = {
  get: (companyId: string) => api.get<SsoSettingsResponse>(`/companies/${seg(companyId)}/sign-in`),
  save: (companyId: string, body: SsoSettingsRequest) => api.put<SsoSettingsResponse>(`/companies/${seg(companyId)}/sign-in`, body),
  remove: (companyId: string) => api.delete<MessageResponse | undefined>(`/companies/${seg(companyId)}/sign-in`),
  test: (companyId: string, issuer: string) => api.post<SsoTestResponse>(`/companies/${seg(companyId)}/sign-in/test`, { issuer }),
};
