import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@kpi/contracts';
import { describeChange, filterQuery, matchesFilters, NO_FILTERS, peopleIn } from './rules';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: 'e1',
  company: 'c1',
  seq: 1,
  at: '2026-11-27T10:00:00.000Z',
  kind: 'task.rescored',
  actor: { _id: 'u1', name: 'Ada Admin', role: 'admin' },
  subject: { type: 'task', id: 't1', label: 'Quarterly report' },
  changes: [],
  requestId: 'r1',
  ...over,
});

describe('audit rules', () => {
  it('sends a day range as whole UTC days', () => {
    expect(filterQuery({ ...NO_FILTERS, from: '2026-11-27', to: '2026-11-27' })).toMatchObject({ from: '2026-11-27T00:00:00.000Z', to: '2026-11-27T23:59:59.999Z' });
    expect(filterQuery(NO_FILTERS)).toEqual({ company: undefined, person: undefined, kind: undefined, from: undefined, to: undefined });
  });

  it('keeps a live entry only when the filters would have listed it', () => {
    expect(matchesFilters(entry(), NO_FILTERS)).toBe(true);
    expect(matchesFilters(entry(), { ...NO_FILTERS, kind: 'task.scored' })).toBe(false);
    expect(matchesFilters(entry(), { ...NO_FILTERS, company: 'c2' })).toBe(false);
    expect(matchesFilters(entry(), { ...NO_FILTERS, person: 'u1' })).toBe(true);
    // A person is matched as the subject too: changes made to them.
    expect(matchesFilters(entry({ subject: { type: 'user', id: 'u9', label: 'Eve' } }), { ...NO_FILTERS, person: 'u9' })).toBe(true);
    expect(matchesFilters(entry(), { ...NO_FILTERS, to: '2026-11-26' })).toBe(false);
    expect(matchesFilters(entry(), { ...NO_FILTERS, from: '2026-11-28' })).toBe(false);
  });

  it('writes before → after, and a secret without a value', () => {
    expect(describeChange({ field: 'qualityScore', before: 6, after: 9 })).toBe('quality: 6 → 9');
    expect(describeChange({ field: 'isActive', before: true, after: false })).toBe('active: true → false');
    expect(describeChange({ field: 'title', before: null, after: 'New' })).toBe('title: New');
    expect(describeChange({ field: 'title', before: 'Old', after: null })).toBe('title: Old (removed)');
    expect(describeChange({ field: 'password', before: null, after: null, redacted: true })).toBe('password: changed (not recorded)');
  });

  it('offers the people the entries name, once each, by name', () => {
    const list = peopleIn([entry(), entry({ actor: { _id: 'u2', name: 'Bo', role: 'superadmin' }, subject: { type: 'user', id: 'u1', label: 'Ada Admin' } })]);
    expect(list).toEqual([
      { id: 'u1', name: 'Ada Admin' },
      { id: 'u2', name: 'Bo' },
    ]);
  });
});
