import { isOverdue, isValidScore, performanceLevelFor, timeScoreFor, totalScoreFor } from './rules';
import { scoreTaskSchema, createTaskSchema } from './tasks';

describe('scoring rules', () => {
  it.each([
    [8, 10, 6, 8.4],
    [10, 10, 10, 10],
    [0, 8, 0, 3.2],
    [7.3, 8, 9.1, 7.9],
  ])('total of quality %p, time %p, initiative %p is %p', (q, t, i, total) => {
    expect(totalScoreFor(q, t, i)).toBe(total);
  });

  it('gives 10 on time and 8 late', () => {
    const deadline = new Date('2026-03-01T12:00:00Z');
    expect(timeScoreFor(new Date('2026-03-01T12:00:00Z'), deadline)).toBe(10);
    expect(timeScoreFor(new Date('2026-03-01T12:00:01Z'), deadline)).toBe(8);
  });

  it.each([
    [0, true], [10, true], [9.9, true], [10.1, false], [-0.1, false], [5.55, false], [Number.NaN, false],
  ])('score %p valid: %p', (value, ok) => expect(isValidScore(value)).toBe(ok));

  it.each([
    [7.5, 'excellent'], [7.49, 'satisfactory'], [6, 'satisfactory'], [5.99, 'underperforming'],
  ])('average %p is %p', (avg, level) => expect(performanceLevelFor(avg)).toBe(level));

  it('derives overdue from the deadline and status', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(isOverdue({ deadline: '2026-04-30T00:00:00Z', status: 'pending' }, now)).toBe(true);
    expect(isOverdue({ deadline: '2026-04-30T00:00:00Z', status: 'submitted' }, now)).toBe(false);
    expect(isOverdue({ deadline: '2026-04-30T00:00:00Z', status: 'completed' }, now)).toBe(false);
    expect(isOverdue({ deadline: '2026-05-02T00:00:00Z', status: 'in-progress' }, now)).toBe(false);
  });
});

describe('request schemas carry the messages of the product', () => {
  const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('refuses scores outside 0..10 with the field named', () => {
    expect(firstMessage(scoreTaskSchema.safeParse({ qualityScore: 10.1, initiativeScore: 5, feedback: 'x' }))).toBe(
      'Quality score must be between 0 and 10',
    );
    expect(firstMessage(scoreTaskSchema.safeParse({ qualityScore: 5, initiativeScore: -0.1, feedback: 'x' }))).toBe(
      'Initiative score must be between 0 and 10',
    );
    expect(firstMessage(scoreTaskSchema.safeParse({ qualityScore: 5, initiativeScore: 5, feedback: '  ' }))).toBe(
      'Quality, initiative, and feedback are required',
    );
  });

  it('refuses report links that are not http(s)', () => {
    const base = { title: 't', description: 'd', assignedTo: 'u1', deadline: '2026-01-01' };
    expect(firstMessage(createTaskSchema.safeParse({ ...base, reportLink: 'javascript:alert(1)' }))).toBe(
      'Report link must be a valid http(s) URL',
    );
    expect(firstMessage(createTaskSchema.safeParse({ ...base }))).toBe('Report link is required');
    expect(createTaskSchema.safeParse({ ...base, reportLink: 'https://example.com/r' }).success).toBe(true);
  });
});
