import { describe, expect, it } from 'vitest';
import { activeTabPath, tabHref } from './tabs';

const tabs = [
  { path: 'companies', label: 'Companies' },
  { path: 'admins', label: 'Admins' },
  { path: 'stats', label: 'Statistics' },
];

describe('sidebar tabs', () => {
  it('treats the bare area and the index tab path as the first tab', () => {
    expect(activeTabPath('/superadmin', 'superadmin', tabs)).toBe('companies');
    expect(activeTabPath('/superadmin/', 'superadmin', tabs)).toBe('companies');
    expect(activeTabPath('/superadmin/companies', 'superadmin', tabs)).toBe('companies');
  });

  it('finds the other tabs by their first segment', () => {
    expect(activeTabPath('/superadmin/admins', 'superadmin', tabs)).toBe('admins');
    expect(activeTabPath('/superadmin/stats/extra', 'superadmin', tabs)).toBe('stats');
    expect(activeTabPath('/superadmin/unknown', 'superadmin', tabs)).toBeNull();
  });

  it('links the index tab to the area and the others to /{area}/{tab}', () => {
    expect(tabHref('superadmin', tabs, tabs[0])).toBe('/superadmin');
    expect(tabHref('superadmin', tabs, tabs[1])).toBe('/superadmin/admins');
  });
});
