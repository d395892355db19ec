import { UnsubscribeTokens } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens('a-secret-that-is-long-enough-for-the-test');
  const user = '4f9c2a3e-1111-4222-8333-944455556666';

  it('name the person and kind they were signed for', () => {
    expect(tokens.verify(tokens.sign(user, 'task.scored'))).toEqual({ userId: user, kind: 'task.scored' });
    expect(tokens.verify(tokens.sign(user, 'digest'))).toEqual({ userId: user, kind: 'digest' });
  });

  it('refuse a token changed in any part, or signed with another secret', () => {
    const token = tokens.sign(user, 'task.scored');
    const [, , mac] = token.split('~');
    expect(tokens.verify(`${user.replace('4f', '5f')}~task.scored~${mac}`)).toBeNull();
    expect(tokens.verify(`${user}~badge.awarded~${mac}`)).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
    expect(tokens.verify(new UnsubscribeTokens('another-secret-that-is-long-enough-too').sign(user, 'task.scored'))).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify(`${user}~not-a-kind~${mac}`)).toBeNull();
  });
});
