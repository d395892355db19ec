import type { User } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import { searchSummary } from './useExecutiveSearch';

const user = { _id: 'u1', name: 'Sam Seller' } as User;

describe('what the executive picker says about a search', () => {
  it('says nothing before a search and while typing says it is searching', () => {
    expect(searchSummary({ status: 'idle' })).toBeNull();
    expect(searchSummary({ status: 'loading', text: 'sam' })).toBe('Searching…');
  });

  it('counts the matches, names an empty search, and asks to narrow a long one', () => {
    expect(searchSummary({ status: 'ready', text: 'sam', matches: [user], more: false })).toBe('1 match');
    expect(searchSummary({ status: 'ready', text: 'sam', matches: [user, user], more: false })).toBe('2 matches');
    expect(searchSummary({ status: 'ready', text: 'zed', matches: [], more: false })).toBe('No executive matches "zed"');
    expect(searchSummary({ status: 'ready', text: 's', matches: [user, user], more: true })).toBe('The first 2 matches: type more to narrow them');
    expect(searchSummary({ status: 'failed', text: 's' })).toBe('Search failed: try again');
  });
});
