import type { GroupRole } from '@kpi/contracts';
import { roleFromGroups } from './group-roles';
import { SecretBox } from './secret-box';

describe('roleFromGroups', () => {
  const mapping: GroupRole[] = [
    { group: 'kpi-admins', role: 'admin' },
    { group: 'sales', role: 'executive' },
  ];

  it('admin wins over executive; executive by its group', () => {
    expect(roleFromGroups(['sales', 'kpi-admins'], mapping)).toBe('admin');
    expect(roleFromGroups(['sales'], mapping)).toBe('executive');
  });

  it('nobody outside the mapped groups, when executive groups are named', () => {
    expect(roleFromGroups(['marketing'], mapping)).toBeNull();
    expect(roleFromGroups(undefined, mapping)).toBeNull();
  });

  it('everyone is an executive when no group maps to executive', () => {
    expect(roleFromGroups([], [{ group: 'kpi-admins', role: 'admin' }])).toBe('executive');
    expect(roleFromGroups('kpi-admins', [{ group: 'kpi-admins', role: 'admin' }])).toBe('admin');
  });

  it('never yields superadmin, whatever the stored mapping or the groups say', () => {
    const forged = [{ group: 'superadmin', role: 'superadmin' }] as unknown as GroupRole[];
    expect(roleFromGroups(['superadmin'], forged)).toBe('executive');
    expect(roleFromGroups(['superadmin', 'kpi-admins'], mapping)).toBe('admin');
  });
});

describe('SecretBox', () => {
  it('opens what it sealed, and not with another key or after tampering', () => {
    const box = new SecretBox('a'.repeat(40));
    const sealed = box.seal('client-secret-value');
    expect(sealed).not.toContain('client-secret-value');
    expect(box.open(sealed)).toBe('client-secret-value');
    expect(() => new SecretBox('b'.repeat(40)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('forged').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
