import type { Task as TaskView } from '@kpi/contracts';
import type { Page } from '../../common/paging/page';
import { KEPT_ANSWER_TTL_MS, KeptAnswers } from '../../common/caching/kept-answers';
import type { CommitFeed, RecordedEvent } from '../../events/commit-feed';

/**
 * How long a task page is served without reading the database: what another instance's commit may take to
 * show, as for the actor cache (docs/decisions.md). A task's visible status (overdue) is read against the
 * clock of the page's first read, so it turns overdue up to this late.
 */
export const TASK_PAGE_TTL_MS = KEPT_ANSWER_TTL_MS;
/** Pages kept over all lists and companies (each also holds its JSON, about 30 kB for 50 tasks). */
const MAX_PAGES = 128;

/** Committed events that change no task, comment, person's name or company. */
const HARMLESS = /^(announcement|notification|leaderboard|badge|stats)\./;

/** The tag of the superadmin's lists across companies, which any company's change drops. */
const EVERY_COMPANY = '*';

const companyOf = ({ audience }: RecordedEvent): string | null => (audience.kind === 'superadmin' ? null : audience.companyId);

/**
 * `GET /tasks` pages, kept for a second by company and query, so an admin's screen and its refreshes read
 * and serialise a page once (the page's JSON is kept with it: common/paging/page.ts). A committed task, user
 * or company change drops its company's pages (and the lists across companies) when it is handed to the
 * commit feed; an event naming no company drops every page.
 */
export class TaskPages {
  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();
  private readonly kept = new KeptAnswers<Page<TaskView[]>>(MAX_PAGES, () => this.now());

  constructor(feed: CommitFeed) {
    feed.listen(({ events }) => {
      for (const event of events) {
        if (HARMLESS.test(event.envelope.type)) continue;
        const companyId = companyOf(event);
        if (companyId === null) this.kept.dropAll();
        else {
          this.kept.drop(companyId);
          this.kept.drop(EVERY_COMPANY);
        }
      }
    });
  }

  /** `companyId`: the company the page lists; undefined for the superadmin's list across companies. */
  get(companyId: string | undefined, key: string, read: () => Promise<Page<TaskView[]>>): Promise<Page<TaskView[]>> {
    return this.kept.get(key, [companyId ?? EVERY_COMPANY], read);
  }
}
