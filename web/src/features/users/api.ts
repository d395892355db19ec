import type { CreateUserRequest, MessageResponse, UpdateUserRequest, User } from '@kpi/contracts';
import { api, seg } from '../../lib/api';

export const usersApi = {
  list: () => api.get<User[]>('/users'),
  listByCompany: (companyId: string) => api.get<User[]>(`/users/company/${seg(companyId)}`),
  create: (body: CreateUserRequest) => api.post<User>('/users', body),
  update: (id: string, body: UpdateUserRequest) => api.put<User>(`/users/${seg(id)}`, body),
  remove: (id: string) => api.delete<MessageResponse | undefined>(`/users/${seg(id)}`),
};

export const byName = (a: User, b: User): number => a.name.localeCompare(b.name);
