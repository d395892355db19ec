import type { EntityManager } from '@mikro-orm/knex';
import type { AppConfig } from '../config/env';
import { hashPassword } from '../common/auth/passwords';
import { User } from '../modules/users/user.entity';

/** With SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD set, makes sure that superadmin exists (created once, never overwritten). */
export async function ensureSuperadmin(em: EntityManager, config: AppConfig): Promise<void> {
  if (!config.superadmin) return;
  if (await em.count(User, { email: config.superadmin.email })) return;
  em.create(User, {
    name: 'System Superadmin',
    email: config.superadmin.email,
    role: 'superadmin',
    passwordHash: await hashPassword(config.superadmin.password),
    department: 'Administration',
  });
  await em.flush();
}
