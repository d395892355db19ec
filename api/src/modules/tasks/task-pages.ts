import type { Task as TaskView } from '@kpi/contracts';
import type { Page } from '../../common/paging/page';
import { audienceCompany, keepAll, type CacheDrops, type Change, type Drop, type DropRules, type DroppableCache } from '../../common/caching/cache-drops';
import { KEPT_ANSWER_TTL_MS, KeptAnswers } from '../../common/caching/kept-answers';

/**
 * How long a task page is served without reading the database, should a drop never arrive (docs/caching.md). A
 * task's visible status (overdue) is read against the clock of the page's first read, so it turns overdue up to
 * this late.
 */
export const TASK_PAGE_TTL_MS = KEPT_ANSWER_TTL_MS;
/** Pages kept over all lists and companies (each also holds its JSON, about 30 kB for 50 tasks). */
const MAX_PAGES = 128;

/** The tag of the superadmin's lists across companies, which any company's change drops. */
const EVERY_COMPANY = '*';

/** A change to a company's tasks or people: its pages and the lists across companies. */
const companyPages = (change: Change): Drop => {
  const drop = audienceCompany(change);
  return drop === 'everything' ? drop : [...drop, EVERY_COMPANY];
};
const namedCompany = (companyId: string): Drop => [companyId, EVERY_COMPANY];

/** A page holds tasks with their people's names and their company's: what changes those drops it. */
const TASK_PAGE_DROPS: DropRules = {
  'task.assigned': companyPages,
  'task.updated': companyPages,
  'task.deleted': companyPages,
  'task.submitted': companyPages,
  'task.scored': companyPages,
  'user.created': companyPages,
  'user.updated': companyPages,
  'user.deleted': companyPages,
  'admin.created': companyPages,
  'admin.updated': companyPages,
  'admin.deleted': companyPages,
  'company.updated': ({ payload }) => namedCompany(payload.company._id),
  'company.deleted': ({ payload }) => namedCompany(payload.companyId),
  'company.created': keepAll,
  'session.revoked': keepAll,
  'leaderboard.updated': keepAll,
  'leaderboard.generated': keepAll,
  'announcement.created': keepAll,
  'announcement.updated': keepAll,
  'announcement.pinned': keepAll,
  'announcement.deleted': keepAll,
  'badge.awarded': keepAll,
  'notification.created': keepAll,
  'notification.read': keepAll,
  'notification.broadcast': keepAll,
  'stats.changed': keepAll,
  'webhook.attempted': keepAll,
  'webhook.updated': keepAll,
  'webhook.deleted': keepAll,
  'sso.updated': keepAll,
  'wall.paired': keepAll,
  'wall.unpaired': keepAll,
  'audit.recorded': keepAll,
  'import.progress': keepAll,
  'import.applied': keepAll,
};

/**
 * `GET /tasks` pages, kept for a second by company and query, so an admin's screen and its refreshes read
 * and serialise a page once (the page's JSON is kept with it: common/paging/page.ts). A committed task, user
 * or company change drops its company's pages (and the lists across companies), on every node.
 */
export class TaskPages implements DroppableCache {
  readonly cacheName = 'task-pages';
  readonly dropRules = TASK_PAGE_DROPS;
  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();
  private readonly kept = new KeptAnswers<Page<TaskView[]>>(MAX_PAGES, () => this.now());

  constructor(drops: CacheDrops) {
    drops.register(this);
  }

  /** `companyId`: the company the page lists; undefined for the superadmin's list across companies. */
  get(companyId: string | undefined, key: string, read: () => Promise<Page<TaskView[]>>): Promise<Page<TaskView[]>> {
    return this.kept.get(key, [companyId ?? EVERY_COMPANY], read);
  }

  drop(tags: readonly string[]): void {
    for (const tag of tags) this.kept.drop(tag);
  }

  dropEverything(): void {
    this.kept.dropAll();
  }
}
