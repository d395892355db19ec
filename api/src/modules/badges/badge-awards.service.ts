import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { EventRecorder } from '../../events/event-recorder';
import { NotificationsService } from '../notifications/notifications.service';
import { storeAwards, type StoredAward } from './badge-awards';
import { BadgeCatalogue } from './badge-catalogue';
import type { AwardDraft } from './badge-rules';
import { toUserBadge } from './badge.repository';

const PROFILE = '/executive/profile';

/**
 * Awards automatic badges inside the caller's unit of work (scoring a task, publishing a leaderboard):
 * stores the ones not held yet, records `badge.awarded` for the receiver and the company's admins, and
 * notifies the receiver.
 */
@Injectable()
export class BadgeAwardsService {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly catalogue: BadgeCatalogue,
  ) {}

  /**
   * `names`: the receivers' names, which every caller has at hand (a scoring its assignee's, a published period its
   * standings', an award by hand its user's): the audit trail labels each award with them, without a read.
   */
  async award(em: EntityManager, events: EventRecorder, companyId: string, drafts: AwardDraft[], names: ReadonlyMap<string, string>): Promise<StoredAward[]> {
    const awards = await storeAwards(em, this.catalogue, companyId, drafts);
    for (const award of awards) {
      const { userId, badge, reason } = award;
      const payload = { userId, userBadge: toUserBadge(award) };
      const note = { subjectName: names.get(userId) };
      events.record('badge.awarded', { kind: 'user', userId, companyId }, payload, note);
      events.record('badge.awarded', { kind: 'admins', companyId }, payload, note);
      // Written with the unit of work's other notifications, in one statement (notifications.service.ts).
      this.notifications.notify(em, events, [{ id: userId, companyId }], {
        kind: 'badge.awarded',
        title: `Badge earned: ${badge.name}`,
        body: `${badge.icon} ${reason ?? badge.description}`,
        link: PROFILE,
      });
    }
    return awards;
  }
}
