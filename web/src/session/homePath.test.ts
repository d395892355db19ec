import { describe, expect, it } from 'vitest';
import { canEnter, companyIdOf, companyNameOf, homePathFor } from './homePath';

describe('homePathFor', () => {
  it.each([
    ['superadmin', '/superadmin'],
    ['admin', '/admin'],
    ['executive', '/executive'],
  ] as const)('%s lands on %s', (role, path) => {
    expect(homePathFor(role)).toBe(path);
  });
});

describe('canEnter', () => {
  it('lets a role into its own area only', () => {
    expect(canEnter({ role: 'admin' }, 'admin')).toBe(true);
    expect(canEnter({ role: 'admin' }, 'superadmin')).toBe(false);
    expect(canEnter({ role: 'superadmin' }, 'executive')).toBe(false);
    expect(canEnter(null, 'executive')).toBe(false);
  });
});

describe('company of a user', () => {
  it('reads the id and name whichever form the server sent', () => {
    expect(companyIdOf({ company: { _id: 'c1', id: 'c1', name: 'Acme', timeZone: 'UTC' } })).toBe('c1');
    expect(companyIdOf({ company: { _id: '', id: 'c2', name: 'Acme', timeZone: 'UTC' } })).toBe('c2');
    expect(companyIdOf({ company: null })).toBeNull();
    expect(companyNameOf({ company: { _id: 'c1', id: 'c1', name: 'Acme', timeZone: 'UTC' }, companyName: null })).toBe('Acme');
    expect(companyNameOf({ company: null, companyName: 'Globex' })).toBe('Globex');
    expect(companyNameOf({ company: null, companyName: null })).toBeNull();
  });
});
