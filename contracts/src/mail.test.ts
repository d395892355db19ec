import { MAIL_KINDS, mailKindsFor, unsubscribeTokenKind, updateMailPreferencesSchema } from './mail';

describe('mail kinds', () => {
  it('give each role its own kinds, with the defaults of the issue', () => {
    expect(mailKindsFor('executive')).toEqual(['task.assigned', 'task.scored', 'badge.awarded', 'task.due-soon', 'task.overdue', 'announcement.high']);
    expect(mailKindsFor('admin')).toEqual(['task.submitted', 'announcement.high', 'webhook.paused']);
    expect(mailKindsFor('superadmin')).toEqual([]);
    expect(MAIL_KINDS['task.submitted'].mode).toBe('digest');
    expect(MAIL_KINDS['task.scored'].mode).toBe('instant');
  });

  it('read the kind an unsubscribe token names, or nothing', () => {
    expect(unsubscribeTokenKind('u1~task.scored~mac')).toBe('task.scored');
    expect(unsubscribeTokenKind('u1~digest~mac')).toBe('digest');
    expect(unsubscribeTokenKind('u1~toString~mac')).toBeNull();
    expect(unsubscribeTokenKind('garbage')).toBeNull();
  });

  it('accept only known kinds, modes and HH:MM times', () => {
    expect(updateMailPreferencesSchema.safeParse({ modes: { 'task.scored': 'off' }, digestTime: '07:30' }).success).toBe(true);
    expect(updateMailPreferencesSchema.safeParse({ modes: { 'task.scored': 'loud' } }).success).toBe(false);
    expect(updateMailPreferencesSchema.safeParse({ modes: { 'not.a.kind': 'off' } }).success).toBe(false);
    expect(updateMailPreferencesSchema.safeParse({ digestTime: '7:30' }).success).toBe(false);
  });
});
