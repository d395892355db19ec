import type { Company, CreateCompanyRequest, MessageResponse, UpdateCompanyRequest } from '@kpi/contracts';
import { api, seg } from '../../lib/api';

export const companiesApi = {
  list: () => api.get<Company[]>('/companies'),
  create: (body: CreateCompanyRequest) => api.post<Company>('/companies', body),
  update: (id: string, body: UpdateCompanyRequest) => api.put<Company>(`/companies/${seg(id)}`, body),
  remove: (id: string) => api.delete<MessageResponse | undefined>(`/companies/${seg(id)}`),
};
