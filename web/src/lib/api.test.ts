import { NEXT_CURSOR_HEADER as CONTRACT_NEXT_CURSOR_HEADER } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NEXT_CURSOR_HEADER, errorMessage, toApiError } from './api';

describe('toApiError', () => {
  it('reads the contracts error shape', () => {
    const error = toApiError(400, { statusCode: 400, message: 'Email is required', code: 'VALIDATION', field: 'email' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Email is required');
    expect(error.code).toBe('VALIDATION');
    expect(error.field).toBe('email');
    expect(error.fromServer).toBe(true);
  });

  it('takes the first message of a list', () => {
    expect(toApiError(400, { message: ['first', 'second'] }).message).toBe('first');
  });

  it('falls back when the body has no message', () => {
    const error = toApiError(502, '<html>Bad gateway</html>');
    expect(error.fromServer).toBe(false);
    expect(error.status).toBe(502);
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, else the screen's fallback", () => {
    expect(errorMessage(toApiError(409, { message: 'Email already in use' }), 'Operation failed')).toBe('Email already in use');
    expect(errorMessage(toApiError(500, null), 'Operation failed')).toBe('Operation failed');
    expect(errorMessage(new TypeError('boom'), 'Login failed')).toBe('Login failed');
  });
});

describe('NEXT_CURSOR_HEADER', () => {
  it('is the header the api puts the next cursor in', () => {
    expect(NEXT_CURSOR_HEADER).toBe(CONTRACT_NEXT_CURSOR_HEADER);
  });
});
