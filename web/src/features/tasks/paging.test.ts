import type { Task, TaskSummary } from '@kpi/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const listCompany = vi.fn();
const summary = vi.fn();
vi.mock('./api', () => ({ tasksApi: { listCompany: (...args: unknown[]) => listCompany(...args), listForUser: vi.fn(), summary: () => summary() } }));

const { store } = await import('../../lib/store');
const { loadMoreTasks, loadTasks } = await import('./actions');
const { taskSummaryAtom, tasksAtom, tasksNextCursorAtom, tasksStatusFilterAtom } = await import('./atoms');

const task = (id: string): Task => ({
  _id: id,
  title: id,
  description: 'D',
  assignedTo: null,
  deadline: '2030-01-01T00:00:00.000Z',
  priority: 'medium',
  reportLink: 'https://example.com',
  status: 'pending',
  workStatus: 'pending',
  company: 'c1',
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
  submission: null,
  scoring: null,
  comments: [],
});
const counters: TaskSummary = { total: 120, pending: 100, inProgress: 0, overdue: 0, pendingReview: 20, completed: 0 };
const COMPANY = { kind: 'company' } as const;

describe('paged task loading', () => {
  beforeEach(() => {
    listCompany.mockReset();
    summary.mockReset().mockResolvedValue(counters);
    store.set(tasksAtom, []);
    store.set(tasksNextCursorAtom, null);
    store.set(tasksStatusFilterAtom, undefined);
  });

  it('loads one page and the counters, then the next page with the cursor, until the last', async () => {
    listCompany.mockResolvedValueOnce({ body: [task('a'), task('b')], next: 'c1' }).mockResolvedValueOnce({ body: [task('b'), task('c')], next: null });
    await loadTasks(COMPANY);
    expect(store.get(tasksAtom).map((t) => t._id)).toEqual(['a', 'b']);
    expect(store.get(taskSummaryAtom)).toEqual(counters);
    await loadMoreTasks(COMPANY);
    expect(listCompany).toHaveBeenLastCalledWith({ status: undefined, cursor: 'c1' });
    expect(store.get(tasksAtom).map((t) => t._id)).toEqual(['a', 'b', 'c']);
    expect(store.get(tasksNextCursorAtom)).toBeNull();
    await loadMoreTasks(COMPANY);
    expect(listCompany).toHaveBeenCalledTimes(2);
  });

  it('asks the server for a filter and keeps it for the next pages', async () => {
    listCompany.mockResolvedValue({ body: [task('s')], next: 'n1' });
    await loadTasks(COMPANY, { status: 'submitted' });
    expect(listCompany).toHaveBeenLastCalledWith({ status: 'submitted', limit: undefined });
    await loadMoreTasks(COMPANY);
    expect(listCompany).toHaveBeenLastCalledWith({ status: 'submitted', cursor: 'n1' });
  });
});
