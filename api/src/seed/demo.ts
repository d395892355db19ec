import type { EntityManager } from '@mikro-orm/knex';
import { hashPassword } from '../common/auth/passwords';
import { User } from '../modules/users/user.entity';
import { seedAnnouncements } from './demo-announcements';
import { seedBadges } from './demo-badges';
import { seedPeople } from './demo-people';
import { seedTasks } from './demo-tasks';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  note?: string;
}

/** True when the database has no users at all: the only time the demo is seeded, so restarts keep data. */
export async function isEmptyDatabase(em: EntityManager): Promise<boolean> {
  return (await em.count(User, {})) === 0;
}

/**
 * Seeds a believable demo in one transaction and returns the logins to print. Call on an empty database only.
 * Every demo account shares `password` (the install's own, database/seed/demo-password.ts).
 */
export function seedDemo(em: EntityManager, password: string): Promise<DemoLogin[]> {
  return em.transactional((tx) => seedDemoIn(tx, password));
}

async function seedDemoIn(em: EntityManager, password: string): Promise<DemoLogin[]> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const yearAgo = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
  const people = await seedPeople(em, passwordHash, yearAgo);
  await seedTasks(em, people, now);
  await seedBadges(em, people, now);
  await seedAnnouncements(em, people, now);

  const logins: DemoLogin[] = [{ role: 'superadmin', email: people.superadmin.email, password }];
  for (const { company, admin, executives } of people.companies) {
    logins.push({ role: 'admin', email: admin.email, password, note: company.name });
    logins.push({ role: 'executive', email: executives[0].email, password, note: company.name });
  }
  return logins;
}
