import { changePasswordSchema, createAnnouncementSchema, scoreTaskSchema } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import { formProblem } from './formProblem';

describe('formProblem', () => {
  it("reports the contract's first problem, with its message and field", () => {
    expect(formProblem(createAnnouncementSchema, { title: '  ', content: '' })).toEqual({ field: 'title', message: 'Title is required' });
    expect(formProblem(createAnnouncementSchema, { title: 'T', content: ' ' })).toEqual({ field: 'content', message: 'Content is required' });
    expect(formProblem(createAnnouncementSchema, { title: 'T', content: 'C' })).toBeNull();
  });

  it('puts a blank field before a wrong one when asked', () => {
    const input = { qualityScore: '12', initiativeScore: '7', feedback: ' ' };
    expect(formProblem(scoreTaskSchema, input)?.message).toBe('Quality score must be between 0 and 10');
    expect(formProblem(scoreTaskSchema, input, { blankFirst: true })?.message).toBe('Quality, initiative, and feedback are required');
  });

  it("gives the new password's rules in the product's words", () => {
    const newPassword = changePasswordSchema.pick({ newPassword: true });
    expect(formProblem(newPassword, { newPassword: 'short' })?.message).toBe('Password must be at least 8 characters long');
    expect(formProblem(newPassword, { newPassword: 'a-long-enough-one' })).toBeNull();
  });
});
