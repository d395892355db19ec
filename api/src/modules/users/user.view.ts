import type { User as UserView } from '@kpi/contracts';
import type { User } from './user.entity';

/** The wire shape of a user. The company must be loaded (populate) for its name; the hash never leaves. */
export function toUserView(user: User): UserView {
  const company = user.company ? { _id: user.company.id, id: user.company.id, name: user.company.name, timeZone: user.company.timeZone } : null;
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    department: user.department,
    phoneNumber: user.phoneNumber,
    company,
    companyName: company?.name ?? null,
    isActive: user.isActive,
    mustChangePassword: user.mustChangePassword,
    createdAt: user.createdAt.toISOString(),
  };
}
