import type { CreateTaskRequest, MessageResponse, ScoreHistoryEntry, ScoreTaskRequest, SubmitTaskRequest, Task, UpdateTaskRequest } from '@kpi/contracts';
import { api, seg } from '../../lib/api';

export const tasksApi = {
  /** Admin: the tasks of their own company (the server takes the company from the token). */
  listCompany: () => api.get<Task[]>('/tasks'),
  listForUser: (userId: string) => api.get<Task[]>(`/tasks/user/${seg(userId)}`),
  create: (body: CreateTaskRequest) => api.post<Task>('/tasks', body),
  update: (id: string, body: UpdateTaskRequest) => api.put<Task>(`/tasks/${seg(id)}`, body),
  submit: (id: string, body: SubmitTaskRequest) => api.put<Task>(`/tasks/${seg(id)}/submit`, body),
  score: (id: string, body: ScoreTaskRequest) => api.put<Task>(`/tasks/${seg(id)}/score`, body),
  remove: (id: string) => api.delete<MessageResponse | undefined>(`/tasks/${seg(id)}`),
  history: (id: string) => api.get<ScoreHistoryEntry[]>(`/tasks/${seg(id)}/history`),
};
