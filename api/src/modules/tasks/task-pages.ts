import type { Task as TaskView } from '@kpi/contracts';
import type { Page } from '../../common/paging/page';
import type { CommitFeed, RecordedEvent } from '../../events/commit-feed';

/**
 * How long a task page is served without reading the database: what another instance's commit may take to
 * show, as for the actor cache (docs/decisions.md). A task's visible status (overdue) is read against the
 * clock of the page's first read, so it turns overdue up to this late.
 */
export const TASK_PAGE_TTL_MS = 1_000;
/** Pages kept over all lists and companies (each also holds its JSON, about 30 kB for 50 tasks). */
const MAX_PAGES = 128;

/** Committed events that change no task, comment, person's name or company. */
const HARMLESS = /^(announcement|notification|leaderboard|badge|stats)\./;

interface Kept {
  /** The company the page lists; undefined for the superadmin's list across companies. */
  companyId: string | undefined;
  page: Promise<Page<TaskView[]>>;
  expiresAt: number;
}

const companyOf = ({ audience }: RecordedEvent): string | null => (audience.kind === 'superadmin' ? null : audience.companyId);

/**
 * `GET /tasks` pages, kept for a second by company and query, so an admin's screen and its refreshes read
 * and serialise a page once (the page's JSON is kept with it: common/paging/page.ts). A committed task, user
 * or company change drops its company's pages (and the lists across companies) when it is handed to the
 * commit feed; an event naming no company drops every page.
 */
export class TaskPages {
  private readonly kept = new Map<string, Kept>();

  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();

  constructor(feed: CommitFeed) {
    feed.listen(({ events }) => {
      for (const event of events) {
        if (HARMLESS.test(event.envelope.type)) continue;
        const companyId = companyOf(event);
        if (companyId === null) this.kept.clear();
        else for (const [key, kept] of this.kept) if (kept.companyId === companyId || kept.companyId === undefined) this.kept.delete(key);
      }
    });
  }

  get(companyId: string | undefined, key: string, read: () => Promise<Page<TaskView[]>>): Promise<Page<TaskView[]>> {
    const now = this.now();
    const found = this.kept.get(key);
    if (found && found.expiresAt > now) return found.page;
    this.kept.delete(key);
    if (this.kept.size >= MAX_PAGES) this.kept.delete(this.kept.keys().next().value!);
    const kept: Kept = { companyId, page: read(), expiresAt: now + TASK_PAGE_TTL_MS };
    this.kept.set(key, kept);
    // A failed read is not kept: the next caller tries again.
    kept.page.catch(() => this.kept.get(key) === kept && this.kept.delete(key));
    return kept.page;
  }
}
