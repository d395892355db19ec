import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { BadgeId, Badge as BadgeView, UserBadge as UserBadgeView, AssignBadgeInput } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../common/auth/actor';
import { forbidden, invalid } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import { User } from '../users/user.entity';
import { UnitOfWork } from '../../events/unit-of-work';
import { BadgeAwardsService } from './badge-awards.service';
import { awardsOf, badgeById, catalogueAnswer, toUserBadge } from './badge.repository';

@Injectable()
export class BadgesService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly awards: BadgeAwardsService,
  ) {}

  async catalogue(): Promise<BadgeView[]> {
    return catalogueAnswer(this.em.fork());
  }

  async forUser(actor: Actor, userId: string): Promise<UserBadgeView[]> {
    const em = this.em.fork();
    const scope = Scope.of(actor);
    const user = await scope.visibleUser(em, User, userId);
    return awardsOf(em, scope, user);
  }

  /** An admin recognises an executive of their own company by hand. */
  assign(actor: Actor, input: AssignBadgeInput): Promise<UserBadgeView> {
    return this.uow.run(async (em, events) => {
      const user = await Scope.of(actor).visibleUser(em, User, input.userId);
      if (user.role !== 'executive' || !user.company) throw forbidden('Badges are awarded to executives');
      const badge = await badgeById(em, input.badgeId);
      if (!badge) throw invalid('Badge does not exist', 'badgeId');
      // Each award by hand is its own period, so the same badge can recognise someone more than once.
      const [award] = await this.awards.award(em, events, user.company.id, [
        { userId: user.id, badgeId: badge.id as BadgeId, period: `manual:${randomUUID()}`, reason: input.reason || `Awarded by ${actor.name}` },
      ], new Map([[user.id, user.name]]));
      return toUserBadge(award);
    });
  }
}
