import type { Role, User } from '@kpi/contracts';

export const AREA_PATHS: Record<Role, string> = {
  superadmin: '/superadmin',
  admin: '/admin',
  executive: '/executive',
};

/** Where a user lands after sign-in, or when an already signed-in user opens / or /login. */
export const homePathFor = (role: Role): string => AREA_PATHS[role] ?? '/login';

/** Whether a user may open an area: the role must match exactly (docs/product.md#roles). */
export const canEnter = (user: Pick<User, 'role'> | null, area: Role): boolean => user?.role === area;

/** The company a user belongs to, as an id, whichever form the server sent. */
export const companyIdOf = (user: Pick<User, 'company'> | null): string | null =>
  user?.company ? user.company._id || user.company.id || null : null;

export const companyNameOf = (user: Pick<User, 'company' | 'companyName'> | null): string | null =>
  user?.companyName || user?.company?.name || null;
