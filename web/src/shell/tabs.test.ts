import { describe, expect, it } from 'vitest';
import { activeTabPath, tabHref } from './tabs';

const tabs = [
  { path: 'companies', label: 'Companies' },
  { path: 'admins', label: 'Admins' },
  { path: 'stats', label: 'Statistics' },
];

describe('sidebar tabs', () => {
  it('finds each tab, the first included, by the first segment after /{area}', () => {
    expect(activeTabPath('/superadmin/companies', 'superadmin', tabs)).toBe('companies');
    expect(activeTabPath('/superadmin/admins', 'superadmin', tabs)).toBe('admins');
    expect(activeTabPath('/superadmin/stats/extra', 'superadmin', tabs)).toBe('stats');
  });

  it('marks no tab on the bare area (it redirects to the first tab), an unknown tab or another area', () => {
    expect(activeTabPath('/superadmin', 'superadmin', tabs)).toBeNull();
    expect(activeTabPath('/superadmin/', 'superadmin', tabs)).toBeNull();
    expect(activeTabPath('/superadmin/unknown', 'superadmin', tabs)).toBeNull();
    expect(activeTabPath('/superadminx/admins', 'superadmin', tabs)).toBeNull();
  });

  it('links every tab, the first included, to /{area}/{tab}', () => {
    expect(tabs.map((t) => tabHref('superadmin', t))).toEqual(['/superadmin/companies', '/superadmin/admins', '/superadmin/stats']);
  });
});
