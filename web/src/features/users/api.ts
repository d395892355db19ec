import type { CreateUserRequest, InvitationResponse, MessageResponse, UpdateUserRequest, User } from '@kpi/contracts';
import { api, queryString, seg } from '../../lib/api';

export const usersApi = {
  /** One page of users (docs/paging.md), filtered by role on the server. */
  list: (q: { role?: User['role']; cursor?: string } = {}) => api.page<User[]>(`/users${queryString(q)}`),
  listByCompany: (companyId: string, q: { role?: User['role']; cursor?: string; search?: string; limit?: number } = {}) => api.page<User[]>(`/users/company/${seg(companyId)}${queryString(q)}`),
  create: (body: CreateUserRequest) => api.post<User>('/users', body),
  update: (id: string, body: UpdateUserRequest) => api.put<User>(`/users/${seg(id)}`, body),
  /** Sends (or sends again) an invitation; the answer carries the link to pass on. */
  invite: (id: string) => api.post<InvitationResponse>(`/users/${seg(id)}/invitation`, {}),
  revokeInvitation: (id: string) => api.delete<MessageResponse | undefined>(`/users/${seg(id)}/invitation`),
  remove: (id: string) => api.delete<MessageResponse | undefined>(`/users/${seg(id)}`),
};

export const byName = (a: User, b: User): number => a.name.localeCompare(b.name);
