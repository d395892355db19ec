import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { EventRecorder } from '../../events/event-recorder';
import { NotificationsService } from '../notifications/notifications.service';
import { storeAwards } from './badge-awards';
import type { AwardDraft } from './badge-rules';
import { toUserBadgeView } from './badge.view';
import type { UserBadge } from './user-badge.entity';

const PROFILE = '/executive/profile';

/**
 * Awards automatic badges inside the caller's unit of work (scoring a task, publishing a leaderboard):
 * stores the ones not held yet, records `badge.awarded` for the receiver and the company's admins, and
 * notifies the receiver.
 */
@Injectable()
export class BadgeAwardsService {
  constructor(private readonly notifications: NotificationsService) {}

  async award(em: EntityManager, events: EventRecorder, companyId: string, drafts: AwardDraft[]): Promise<UserBadge[]> {
    const awards = await storeAwards(em, companyId, drafts);
    // One notification batch per badge and reason: a published period tells all its podium in one go.
    const batches = new Map<string, UserBadge[]>();
    for (const award of awards) {
      const userId = award.user.id;
      const payload = { userId, userBadge: toUserBadgeView(award) };
      events.record('badge.awarded', { kind: 'user', userId, companyId }, payload);
      events.record('badge.awarded', { kind: 'admins', companyId }, payload);
      const batch = `${award.badge.id}\u0000${award.reason ?? ''}`;
      batches.set(batch, [...(batches.get(batch) ?? []), award]);
    }
    for (const group of batches.values()) {
      const { badge, reason } = group[0];
      await this.notifications.notify(
        em,
        events,
        group.map((a) => ({ id: a.user.id, companyId })),
        { kind: 'badge.awarded', title: `Badge earned: ${badge.name}`, body: `${badge.icon} ${reason ?? badge.description}`, link: PROFILE },
      );
    }
    return awards;
  }
}
