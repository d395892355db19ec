import type {
  CreateTaskRequest,
  MessageResponse,
  ScoreHistoryEntry,
  ScoreTaskRequest,
  SubmitTaskRequest,
  Task,
  TaskListStatus,
  TaskSummary,
  UpdateTaskRequest,
} from '@kpi/contracts';
import { api, queryString, seg } from '../../lib/api';

/** One page of a task list (docs/paging.md): `cursor` from the previous page, `status` filtered by the server. */
export interface TaskPageQuery {
  cursor?: string | null;
  status?: TaskListStatus;
  limit?: number;
}

export const tasksApi = {
  /** Admin: the tasks of their own company (the server takes the company from the token). */
  listCompany: (q: TaskPageQuery = {}) => api.page<Task[]>(`/tasks${queryString({ ...q })}`),
  listForUser: (userId: string, q: TaskPageQuery = {}) => api.page<Task[]>(`/tasks/user/${seg(userId)}${queryString({ ...q })}`),
  /** The screens' counters over every task in scope (an executive: their own), counted by the server. */
  summary: () => api.get<TaskSummary>('/tasks/summary'),
  create: (body: CreateTaskRequest) => api.post<Task>('/tasks', body),
  update: (id: string, body: UpdateTaskRequest) => api.put<Task>(`/tasks/${seg(id)}`, body),
  submit: (id: string, body: SubmitTaskRequest) => api.put<Task>(`/tasks/${seg(id)}/submit`, body),
  /** `idempotencyKey`: the same for a retry of the same scoring, so a lost answer never scores twice. */
  score: (id: string, body: ScoreTaskRequest, idempotencyKey?: string) =>
    api.put<Task>(`/tasks/${seg(id)}/score`, body, idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined),
  remove: (id: string) => api.delete<MessageResponse | undefined>(`/tasks/${seg(id)}`),
  history: (id: string) => api.get<ScoreHistoryEntry[]>(`/tasks/${seg(id)}/history`),
};
