import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sqlite';
import type { assignBadgeSchema, Badge as BadgeView, UserBadge as UserBadgeView } from '@kpi/contracts';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../common/auth/actor';
import { forbidden, invalid } from '../../common/errors/app-error';
import { visibleUser } from '../../common/tenancy/visible-user';
import { UnitOfWork } from '../../events/unit-of-work';
import { Badge } from './badge.entity';
import { toBadgeView, toUserBadgeView } from './badge.view';
import { UserBadge } from './user-badge.entity';

@Injectable()
export class BadgesService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
  ) {}

  async catalogue(): Promise<BadgeView[]> {
    const badges = await this.em.fork().find(Badge, {}, { orderBy: { name: 'asc' } });
    return badges.map(toBadgeView);
  }

  async forUser(actor: Actor, userId: string): Promise<UserBadgeView[]> {
    const em = this.em.fork();
    const user = await visibleUser(em, actor, userId);
    const awards = await em.find(UserBadge, { user }, { populate: ['badge'], orderBy: { awardedAt: 'desc' } });
    return awards.map(toUserBadgeView);
  }

  /** An admin recognises an executive of their own company by hand. */
  assign(actor: Actor, input: z.output<typeof assignBadgeSchema>): Promise<UserBadgeView> {
    return this.uow.run(async (em, events) => {
      const user = await visibleUser(em, actor, input.userId);
      if (user.role !== 'executive' || !user.company) throw forbidden('Badges are awarded to executives');
      const badge = await em.findOne(Badge, { id: input.badgeId });
      if (!badge) throw invalid('Badge does not exist', 'badgeId');
      const award = em.create(UserBadge, { user, badge, company: user.company, period: `manual:${randomUUID()}`, reason: input.reason || null });
      await em.flush();
      const view = toUserBadgeView(award);
      const companyId = user.company.id;
      events.record('badge.awarded', { kind: 'user', userId: user.id, companyId }, { userId: user.id, userBadge: view });
      events.record('badge.awarded', { kind: 'admins', companyId }, { userId: user.id, userBadge: view });
      return view;
    });
  }
}
