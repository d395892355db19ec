import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { UnitOfWork } from '../../events/unit-of-work';
import { AnnouncementRepository, companyAudience } from './announcement.repository';
import { Scope } from '../../common/tenancy/scope';

/** setTimeout's longest delay (about 24.8 days); a later expiry is simply re-armed when this one fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** After a failed run (database unavailable), try again this much later rather than spin. */
const RETRY_MS = 30_000;

/**
 * Makes announcements vanish from executives' screens when they expire, not on their next fetch: one timer,
 * armed for the earliest expiry not yet published, records `announcement.updated` (with the now-past
 * `expiresAt`) to the company when it comes. Each expiry is claimed by a conditional update of
 * `expiryPublishedAt`, so it is published once, across restarts and instances (docs/announcements.md).
 */
@Injectable()
export class AnnouncementExpiryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AnnouncementExpiry');
  private timer: NodeJS.Timeout | null = null;
  private generation = 0;
  private stopped = false;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly announcements: AnnouncementRepository,
  ) {}

  /** Also publishes, at once, expiries that passed while the server was down. */
  onApplicationBootstrap(): Promise<void> {
    return this.reschedule();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.clear();
  }

  /** Arms the timer for the earliest unpublished expiry. Called after every change that may move it. */
  reschedule(): Promise<void> {
    // A job over every company, though a request may call it; its timer, too, runs outside the caller's company.
    return Scope.acrossCompanies("the expiry timer watches every company's announcements", () => this.arm());
  }

  private async arm(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    try {
      const next = await this.announcements.nextUnpublishedExpiry();
      // A call that started after this one read fresher data and arms the timer instead.
      if (this.stopped || generation !== this.generation) return;
      this.clear();
      if (!next) return;
      const delay = Math.min(Math.max(next.getTime() - Date.now(), 0), MAX_DELAY_MS);
      this.timer = setTimeout(() => void this.fire(), delay);
      this.timer.unref();
    } catch (err) {
      this.fail('arming the expiry timer', err);
    }
  }

  /** Publishes every expiry that has come and is not yet published; returns how many. */
  publishDue(now = new Date()): Promise<number> {
    return this.uow.run(async (em, events) => {
      const claimed = await this.announcements.claimDueExpiries(em, now);
      for (const announcement of claimed) events.record('announcement.updated', companyAudience(announcement.company), { announcement });
      return claimed.length;
    });
  }

  private async fire(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    try {
      await this.publishDue();
    } catch (err) {
      this.fail('publishing expiries', err);
      if (!this.stopped && !this.timer) this.timer = setTimeout(() => void this.fire(), RETRY_MS).unref();
      return;
    }
    await this.reschedule();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private fail(what: string, err: unknown): void {
    // During shutdown the database may already be closed; that is not worth a log line.
    if (!this.stopped) this.logger.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
