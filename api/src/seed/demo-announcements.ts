import type { EntityManager } from '@mikro-orm/knex';
import type { Priority } from '@kpi/contracts';
import { Announcement } from '../modules/announcements/announcement.entity';
import type { DemoPeople } from './demo-people';

const DAY = 24 * 3600 * 1000;

interface AnnouncementSeed {
  title: string;
  content: string;
  priority: Priority;
  isPinned?: boolean;
  daysAgo: number;
  /** Days from now; negative for one that has already expired (admins see it marked). */
  expiresInDays?: number;
}

const SHARED: AnnouncementSeed[] = [
  {
    title: 'Quarterly review timetable',
    content: 'Quarterly reviews run over the last two weeks of the month. Please make sure every open task has its submission in before your slot.',
    priority: 'high',
    isPinned: true,
    daysAgo: 3,
    expiresInDays: 21,
  },
  {
    title: 'New scoring guidance',
    content: 'Scores now weigh quality and timeliness at 40% each and initiative at 20%. Feedback on every scored task explains the figures.',
    priority: 'medium',
    daysAgo: 10,
  },
  {
    title: 'Office closed on the bank holiday',
    content: 'The office is closed on Monday. Deadlines falling on that day move to Tuesday at noon.',
    priority: 'low',
    daysAgo: 18,
  },
];

const BY_COMPANY: AnnouncementSeed[][] = [
  [
    { title: 'Peak season starts next month', content: 'Warehouse volumes double from the first of the month. Sales, please confirm capacity with Operations before closing new freight contracts.', priority: 'urgent', isPinned: true, daysAgo: 1 },
    { title: 'Customer survey results', content: 'Satisfaction rose to 87% this quarter. Thank you to the Customer Success team for the follow-up calls.', priority: 'medium', daysAgo: 30, expiresInDays: -2 },
  ],
  [{ title: 'Insurer partnership renewals', content: 'Three major insurer contracts renew this quarter. Owners will be assigned tasks with the renewal packs attached.', priority: 'high', daysAgo: 6 }],
  [
    { title: 'Product launch: Orbit Insights 3.0', content: 'The launch webinar is on Thursday. Expansion conversations can reference the new dashboards from then on.', priority: 'urgent', daysAgo: 2 },
    { title: 'Renewal playbook updated', content: 'The renewal playbook now includes the pricing guardrails agreed with Finance. Read it before your next renewal call.', priority: 'medium', daysAgo: 25 },
  ],
];

/** 4-5 announcements per company over the last weeks, written by its admin: pinned, expiring and expired ones. */
export async function seedAnnouncements(em: EntityManager, people: DemoPeople, now: Date): Promise<void> {
  people.companies.forEach(({ company, admin }, ci) => {
    for (const seed of [...SHARED, ...(BY_COMPANY[ci] ?? [])]) {
      const createdAt = new Date(now.getTime() - seed.daysAgo * DAY);
      const expiresAt = seed.expiresInDays === undefined ? null : new Date(now.getTime() + seed.expiresInDays * DAY);
      em.create(Announcement, {
        company,
        author: admin,
        authorName: admin.name,
        title: seed.title,
        content: seed.content,
        priority: seed.priority,
        isPinned: seed.isPinned ?? false,
        expiresAt,
        // An expiry that passed before the demo existed is no news to publish.
        expiryPublishedAt: expiresAt && expiresAt <= now ? expiresAt : null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  });
  await em.flush();
}
