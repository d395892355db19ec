import type { Task } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import { toLocalInput } from '../../lib/localDateInput';
import {
  FILTER_STATUS,
  TASK_FILTERS,
  canSubmitTask,
  displayStatus,
  executiveSummaryCounts,
  filterCount,
  summaryCounts,
  isPastDeadline,
  matchesFilter,
  priorityTone,
  reviewFirst,
  scorePreview,
  scoredToastMessage,
  validateScore,
  validateTaskForm,
} from './rules';

const NOW = new Date('2026-05-10T12:00:00Z');
const FUTURE = '2026-06-01T00:00:00.000Z';
const PAST = '2026-05-01T00:00:00.000Z';

let n = 0;
const task = (over: Partial<Task> = {}): Task => ({
  _id: `t${++n}`,
  title: 'Report',
  description: 'Write it',
  assignedTo: { _id: 'u1', name: 'Erin', department: 'Sales' },
  deadline: FUTURE,
  priority: 'medium',
  reportLink: 'https://example.com/r',
  status: 'pending',
  workStatus: 'pending',
  company: 'c1',
  createdAt: '2026-04-01T00:00:00.000Z',
  updatedAt: '2026-04-01T00:00:00.000Z',
  submission: null,
  scoring: null,
  comments: [],
  ...over,
});
const submission = (submittedAt: string) => ({ content: 'Done', submittedAt });
const scoring = { qualityScore: 8, timeScore: 10, initiativeScore: 7, totalScore: 8.6, feedback: 'Good', scoredAt: PAST, scoredBy: null };

describe('status and counters', () => {
  it('derives overdue from the clock: past deadline, neither submitted nor completed', () => {
    expect(displayStatus(task({ deadline: PAST }), NOW)).toBe('overdue');
    expect(displayStatus(task({ deadline: PAST, status: 'in-progress' }), NOW)).toBe('overdue');
    expect(displayStatus(task({ deadline: PAST, status: 'submitted' }), NOW)).toBe('submitted');
    expect(displayStatus(task({ deadline: PAST, status: 'completed' }), NOW)).toBe('completed');
    expect(displayStatus(task({ deadline: FUTURE, status: 'in-progress' }), NOW)).toBe('in-progress');
  });

  it("takes the tiles and chip counts from the server's counters, not from the loaded pages", () => {
    const summary = { total: 260, pending: 100, inProgress: 20, overdue: 30, pendingReview: 60, completed: 50 };
    expect(summaryCounts(summary)).toEqual({ pendingReview: 60, completed: 50, total: 260 });
    expect(executiveSummaryCounts(summary)).toEqual({ total: 260, completed: 50, pending: 150, overdue: 30 });
    expect(TASK_FILTERS.map((f) => filterCount(summary, f))).toEqual([260, 60, 120, 30, 50]);
    expect(filterCount(null, 'all')).toBeNull();
    expect(summaryCounts(null)).toEqual({ pendingReview: 0, completed: 0, total: 0 });
  });

  it("counts the executive's Pending tile as pending or in progress, past the deadline too", () => {
    const summary = { total: 9, pending: 2, inProgress: 1, overdue: 3, pendingReview: 1, completed: 2 };
    expect(executiveSummaryCounts(summary)).toEqual({ total: 9, completed: 2, pending: 6, overdue: 3 });
  });

  it('asks the server for the status each filter chip stands for', () => {
    expect(TASK_FILTERS.map((f) => FILTER_STATUS[f])).toEqual([undefined, 'submitted', 'open', 'overdue', 'completed']);
  });

  it('filters the admin list', () => {
    const review = task({ status: 'submitted', submission: submission(PAST) });
    const late = task({ deadline: PAST });
    const open = task({ status: 'in-progress' });
    const done = task({ status: 'completed', submission: submission(PAST), scoring });
    const all = [review, late, open, done];
    expect(all.filter((t) => matchesFilter(t, 'review', NOW))).toEqual([review]);
    expect(all.filter((t) => matchesFilter(t, 'overdue', NOW))).toEqual([late]);
    expect(all.filter((t) => matchesFilter(t, 'open', NOW))).toEqual([open]);
    expect(all.filter((t) => matchesFilter(t, 'completed', NOW))).toEqual([done]);
    expect(all.filter((t) => matchesFilter(t, 'all', NOW))).toEqual(all);
  });

  it('lists work awaiting review first (latest submission first), then the rest newest first', () => {
    const older = task({ createdAt: '2026-04-01T00:00:00.000Z' });
    const newer = task({ createdAt: '2026-04-05T00:00:00.000Z' });
    const reviewA = task({ createdAt: '2026-03-01T00:00:00.000Z', status: 'submitted', submission: submission('2026-04-02T00:00:00.000Z') });
    const reviewB = task({ createdAt: '2026-03-02T00:00:00.000Z', status: 'submitted', submission: submission('2026-04-03T00:00:00.000Z') });
    const done = task({ createdAt: '2026-04-03T00:00:00.000Z', status: 'completed', submission: submission(PAST), scoring });
    expect(reviewFirst([older, reviewA, newer, done, reviewB])).toEqual([reviewB, reviewA, newer, done, older]);
  });

  it('offers Submit Task only on open work without a submission (late work included)', () => {
    expect(canSubmitTask(task())).toBe(true);
    expect(canSubmitTask(task({ status: 'in-progress' }))).toBe(true);
    expect(canSubmitTask(task({ status: 'overdue' }))).toBe(true);
    expect(canSubmitTask(task({ status: 'submitted', submission: submission(PAST) }))).toBe(false);
    expect(canSubmitTask(task({ status: 'completed', submission: submission(PAST), scoring }))).toBe(false);
    expect(canSubmitTask(task({ status: 'pending', submission: submission(PAST) }))).toBe(false);
  });

  it('colours urgent, high and medium; anything else is gray', () => {
    expect(priorityTone('urgent')).toBe('red');
    expect(priorityTone('high')).toBe('amber');
    expect(priorityTone('medium')).toBe('indigo');
    expect(priorityTone('low')).toBe('gray');
    expect(priorityTone('whatever')).toBe('gray');
  });
});

describe('scoring panel', () => {
  it.each([
    [{ quality: '', initiative: '', feedback: '' }, 'Please enter scores and feedback'],
    [{ quality: ' ', initiative: '', feedback: '  ' }, 'Please enter scores and feedback'],
    [{ quality: '8', initiative: '', feedback: 'ok' }, 'Quality, initiative, and feedback are required'],
    [{ quality: '', initiative: '7', feedback: 'ok' }, 'Quality, initiative, and feedback are required'],
    [{ quality: '8', initiative: '7', feedback: '   ' }, 'Quality, initiative, and feedback are required'],
    [{ quality: '', initiative: '', feedback: 'only words' }, 'Quality, initiative, and feedback are required'],
    [{ quality: '11', initiative: '7', feedback: 'ok' }, 'Quality score must be between 0 and 10'],
    [{ quality: '-1', initiative: '7', feedback: 'ok' }, 'Quality score must be between 0 and 10'],
    [{ quality: '8.25', initiative: '7', feedback: 'ok' }, 'Quality score must be between 0 and 10'],
    [{ quality: '8', initiative: '10.1', feedback: 'ok' }, 'Initiative score must be between 0 and 10'],
    [{ quality: '8', initiative: 'abc', feedback: 'ok' }, 'Initiative score must be between 0 and 10'],
  ])('refuses %j with %p', (input, message) => {
    expect(validateScore(input)).toBe(message);
  });

  it('accepts 0 to 10 in steps of 0.1', () => {
    expect(validateScore({ quality: '0', initiative: '10', feedback: 'ok' })).toBeNull();
    expect(validateScore({ quality: '7.5', initiative: '9.9', feedback: 'ok' })).toBeNull();
  });

  it('previews time score 10 by the deadline, 8 after it, and the weighted total to one decimal', () => {
    const onTime = task({ deadline: '2026-05-02T00:00:00.000Z', submission: submission('2026-05-02T00:00:00.000Z') });
    expect(scorePreview(onTime, '8', '7')).toEqual({ timeScore: 10, onTime: true, total: 8.6 });
    const late = task({ deadline: '2026-05-02T00:00:00.000Z', submission: submission('2026-05-02T00:00:01.000Z') });
    // 0.4·9 + 0.4·8 + 0.2·6 = 8.0
    expect(scorePreview(late, '9', '6')).toEqual({ timeScore: 8, onTime: false, total: 8 });
    expect(scorePreview(late, '9', '')).toEqual({ timeScore: 8, onTime: false, total: null });
    expect(scorePreview(late, '12', '6').total).toBeNull();
    expect(scorePreview(task(), '9', '6')).toEqual({ timeScore: null, onTime: null, total: null });
  });

  it('words the live score toast with a one-decimal total', () => {
    expect(scoredToastMessage({ title: 'Q2 report', scoring: { ...scoring, totalScore: 8 } })).toBe('Your task "Q2 report" was scored 8.0/10');
  });
});

describe('task form', () => {
  const valid = { title: 'T', description: 'D', assignedTo: 'u1', deadline: '2026-06-01T09:30', reportLink: 'https://example.com' };

  it.each([
    [{ title: '  ' }, 'title', 'Title is required'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ assignedTo: '' }, 'assignedTo', 'Please select an executive to assign this task to'],
    [{ deadline: '' }, 'deadline', 'Deadline is required'],
    [{ reportLink: ' ' }, 'reportLink', 'Report link is required'],
    [{ reportLink: 'javascript:alert(1)' }, 'reportLink', 'Report link must be a valid http(s) URL'],
    [{ reportLink: 'reports/q2' }, 'reportLink', 'Report link must be a valid http(s) URL'],
  ])('refuses %j', (over, field, message) => {
    expect(validateTaskForm({ ...valid, ...over })).toEqual({ field, message });
  });

  it('accepts a complete form', () => {
    expect(validateTaskForm(valid)).toBeNull();
  });

  it('warns about deadlines in the past', () => {
    expect(isPastDeadline(toLocalInput(PAST), NOW)).toBe(true);
    expect(isPastDeadline(toLocalInput(FUTURE), NOW)).toBe(false);
    expect(isPastDeadline('', NOW)).toBe(false);
  });
});
