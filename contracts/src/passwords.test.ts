import { changePasswordSchema } from './auth';
import { createUserSchema, updateUserSchema } from './users';

describe('common passwords are refused wherever a password is set', () => {
  const person = { name: 'Ada', email: 'ada@example.com', department: 'Sales', phoneNumber: '+1 555 0100', role: 'executive' };

  it.each(['password123', 'Password123', 'QWERTY123', '  12345678  ', 'iloveyou'])('%j is refused', (password) => {
    const message = 'This password is too common, please choose another';
    expect(createUserSchema.safeParse({ ...person, password }).error?.issues[0]?.message).toBe(message);
    expect(updateUserSchema.safeParse({ password }).error?.issues[0]?.message).toBe(message);
    expect(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: password }).error?.issues[0]).toMatchObject({ path: ['newPassword'], message });
  });

  it('an uncommon password of the same length passes', () => {
    expect(createUserSchema.safeParse({ ...person, password: 'tangerine-otter-7' }).success).toBe(true);
    expect(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'tangerine-otter-7' }).success).toBe(true);
  });
});
