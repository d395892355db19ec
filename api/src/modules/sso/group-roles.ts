import type { GroupRole, SsoRole } from '@kpi/contracts';

/**
 * The role a person's provider groups give them in the company: admin when any of their groups maps to admin,
 * else executive when one maps to executive (or when no group maps to executive: everyone the provider lets in
 * is an executive), else none. Only admin and executive can come out: superadmin is never mapped.
 */
export function roleFromGroups(groups: unknown, mapping: GroupRole[]): SsoRole | null {
  const held = new Set(Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : typeof groups === 'string' ? [groups] : []);
  const mapped = mapping.filter((m) => m.role === 'admin' || m.role === 'executive');
  if (mapped.some((m) => m.role === 'admin' && held.has(m.group))) return 'admin';
  const executiveGroups = mapped.filter((m) => m.role === 'executive');
  if (executiveGroups.length === 0 || executiveGroups.some((m) => held.has(m.group))) return 'executive';
  return null;
}
