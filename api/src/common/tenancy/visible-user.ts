import type { EntityManager } from '@mikro-orm/knex';
import type { Actor } from '../auth/actor';
import { forbidden, notFound } from '../errors/app-error';
import { User } from '../../modules/users/user.entity';

/**
 * The user whose own records (tasks, stats, badges) the actor asks for. Another company's user is 404;
 * an executive asking for a colleague is 403; admins read their company; the superadmin reads anyone.
 */
export async function visibleUser(em: EntityManager, actor: Actor, userId: string): Promise<User> {
  const user = await em.findOne(User, { id: userId }, { populate: ['company'] });
  if (!user) throw notFound('User');
  if (actor.role === 'superadmin') return user;
  if (user.company?.id !== actor.companyId) throw notFound('User');
  if (actor.role === 'executive' && user.id !== actor.userId) throw forbidden('You can only see your own records');
  return user;
}
