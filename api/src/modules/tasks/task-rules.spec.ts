import type { TaskStatus } from '@kpi/contracts';
import { canScore, canSubmit, currentFigures, isLocked, scoreFigures, scoringReason, visibleStatus, type TaskState } from './task-rules';

const NOW = new Date('2026-05-10T12:00:00Z');
const PAST = new Date('2026-05-09T12:00:00Z');
const FUTURE = new Date('2026-05-11T12:00:00Z');

const state = (overrides: Partial<TaskState> = {}): TaskState => ({
  status: 'pending',
  deadline: FUTURE,
  submittedAt: null,
  scoredAt: null,
  qualityScore: null,
  timeScore: null,
  initiativeScore: null,
  totalScore: null,
  feedback: null,
  ...overrides,
});

describe('visibleStatus', () => {
  it.each<[TaskStatus, Date, TaskStatus]>([
    ['pending', PAST, 'overdue'],
    ['in-progress', PAST, 'overdue'],
    ['submitted', PAST, 'submitted'],
    ['completed', PAST, 'completed'],
    ['pending', FUTURE, 'pending'],
    ['in-progress', FUTURE, 'in-progress'],
    ['pending', NOW, 'pending'],
  ])('stored %p with deadline %p reads as %p', (status, deadline, expected) => {
    expect(visibleStatus({ status, deadline }, NOW)).toBe(expected);
  });
});

describe('canSubmit', () => {
  it.each<[Partial<TaskState>, boolean]>([
    [{ status: 'pending' }, true],
    [{ status: 'in-progress' }, true],
    [{ status: 'pending', deadline: PAST }, true],
    [{ status: 'submitted', submittedAt: PAST }, false],
    [{ status: 'completed', submittedAt: PAST }, false],
    [{ status: 'pending', submittedAt: PAST }, false],
  ])('%p → %p', (overrides, expected) => expect(canSubmit(state(overrides))).toBe(expected));
});

describe('canScore and isLocked', () => {
  it('follow the submission', () => {
    expect(canScore(state())).toBe(false);
    expect(isLocked(state())).toBe(false);
    expect(canScore(state({ status: 'submitted', submittedAt: PAST }))).toBe(true);
    expect(isLocked(state({ status: 'completed', submittedAt: PAST }))).toBe(true);
  });
});

describe('scoreFigures', () => {
  it.each([
    // quality, initiative, submittedAt, deadline → time, total
    [8, 6, PAST, FUTURE, 10, 8.4],
    [8, 6, FUTURE, PAST, 8, 7.6],
    [8, 6, FUTURE, FUTURE, 10, 8.4],
    [0, 0, PAST, FUTURE, 10, 4],
    [0, 0, FUTURE, PAST, 8, 3.2],
    [10, 10, PAST, FUTURE, 10, 10],
    [7.3, 9.1, FUTURE, PAST, 8, 7.9],
  ])('quality %p initiative %p → time %p total %p', (q, i, submittedAt, deadline, time, total) => {
    expect(scoreFigures({ qualityScore: q, initiativeScore: i, feedback: 'ok' }, submittedAt, deadline)).toEqual({
      qualityScore: q,
      timeScore: time,
      initiativeScore: i,
      totalScore: total,
      feedback: 'ok',
    });
  });
});

describe('currentFigures and scoringReason', () => {
  it('is null before the first scoring, which is "scored"', () => {
    const figures = currentFigures(state({ status: 'submitted', submittedAt: PAST }));
    expect(figures).toBeNull();
    expect(scoringReason(figures)).toBe('scored');
  });

  it('holds the stored scoring afterwards, so the next one is "rescored"', () => {
    const figures = currentFigures(
      state({ status: 'completed', submittedAt: PAST, scoredAt: NOW, qualityScore: 7, timeScore: 8, initiativeScore: 5, totalScore: 7, feedback: 'Fine' }),
    );
    expect(figures).toEqual({ qualityScore: 7, timeScore: 8, initiativeScore: 5, totalScore: 7, feedback: 'Fine' });
    expect(scoringReason(figures)).toBe('rescored');
  });
});
