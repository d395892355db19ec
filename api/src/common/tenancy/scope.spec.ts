import type { Actor } from '../auth/actor';
import { AppError } from '../errors/app-error';
import { Scope } from './scope';

const admin: Actor = { userId: 'u-1', role: 'admin', companyId: 'c-1', name: 'Ada' };
const superadmin: Actor = { userId: 'u-0', role: 'superadmin', companyId: null, name: 'Root' };
const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (err) {
    return err instanceof AppError ? err.code : 'other';
  }
  return undefined;
};

describe('Scope', () => {
  it("adds an admin's company to entity filters and SQL", () => {
    const scope = Scope.of(admin);
    expect(scope.where({ status: 'submitted' })).toEqual({ status: 'submitted', company: 'c-1' });
    expect(scope.where({ taskId: 't' }, 'companyId')).toEqual({ taskId: 't', companyId: 'c-1' });
    expect(scope.sql('t.company_id')).toEqual({ sql: 't.company_id = ?', params: ['c-1'] });
  });

  it('is built once per actor', () => {
    expect(Scope.of(admin)).toBe(Scope.of(admin));
  });

  it('refuses an admin naming another company (403) and answers 404 for one named in a path', () => {
    expect(codeOf(() => Scope.of(admin).narrowTo('c-2'))).toBe('FORBIDDEN');
    expect(Scope.of(admin).narrowTo('c-1').companyId).toBe('c-1');
    expect(codeOf(() => Scope.of(admin).companyById('c-2'))).toBe('NOT_FOUND');
  });

  it("spans every company for the superadmin until narrowed", () => {
    const scope = Scope.of(superadmin);
    expect(scope.where({ status: 'x' })).toEqual({ status: 'x' });
    expect(scope.sql('t.company_id')).toEqual({ sql: '1 = 1', params: [] });
    expect(scope.narrowTo('c-2').sql('t.company_id')).toEqual({ sql: 't.company_id = ?', params: ['c-2'] });
    expect(codeOf(() => scope.own())).toBe('FORBIDDEN');
  });

  it('gives an admin without a company nothing to read and nothing to write', () => {
    const stray = Scope.of({ ...admin, companyId: null });
    // Still a company predicate (one no row matches), never the superadmin's `1 = 1`.
    expect(stray.sql('t.company_id')).toEqual({ sql: 't.company_id = ?', params: [expect.any(String)] });
    expect(codeOf(() => stray.own())).toBe('FORBIDDEN');
  });
});
