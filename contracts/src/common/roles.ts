export const ROLES = ['superadmin', 'admin', 'executive'] as const;
export type Role = (typeof ROLES)[number];
