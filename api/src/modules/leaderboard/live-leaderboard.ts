import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { EventPayloads } from '@kpi/contracts';
import { CommitFeed, type Committed } from '../../events/commit-feed';
import { UnitOfWork } from '../../events/unit-of-work';
import { companyZone } from '../stats/standings.query';
import { LeaderboardService } from './leaderboard.service';

/** At most one live top 10 per company in this window; the last one always follows the last change. */
export const LIVE_LEADERBOARD_INTERVAL_MS = 250;
/**
 * About how many screens a company's live top 10 may update in a second. Every update goes to every socket of the
 * company, so a larger company gets it less often: every 250 ms up to 1,000 executives, every 2.5 s at 10,000. A
 * node then sends a 10,000-person company no more frames a second than a 1,000-person one; at four updates a
 * second, 10,000 sockets took the restarted node's whole time in a reconnect storm (docs/scale-out.md).
 */
export const LIVE_LEADERBOARD_SCREENS_PER_SECOND = 4_000;

/** The shortest wait between two live top 10s of a company with `executives` active executives. */
export const liveLeaderboardInterval = (executives: number): number =>
  Math.max(LIVE_LEADERBOARD_INTERVAL_MS, Math.round((executives * 1_000) / LIVE_LEADERBOARD_SCREENS_PER_SECOND));

interface CompanyState {
  timer: NodeJS.Timeout | null;
  running: boolean;
  /** A change committed while a publication was being computed: another one must follow. */
  dirty: boolean;
  lastRunAt: number;
  /** The wait between two publications, set by the company's size as the last top 10 counted it. */
  interval: number;
  /** The payload last recorded, as JSON: an unchanged top 10 is not sent again. */
  last: string | null;
}

/**
 * The current month's top 10 (`leaderboard.updated`), after the commits that changed a company's standings
 * rather than inside them (docs/scoring-and-ranking.md). A scoring leaves a `standings.changed` notice; this
 * computes the top 10 from the committed state on the read connection and records it in a unit of work of its
 * own (so it is logged and replayed like any event). Per company: the first change after a quiet spell is
 * published at once, later ones at most every LIVE_LEADERBOARD_INTERVAL_MS (longer in a large company:
 * liveLeaderboardInterval), and a change committed during a
 * computation triggers one more, so the last update always reflects the last commit. A top 10 equal to the one
 * last recorded is not recorded again. The top 10 is derived state: nothing is lost by a crash before it goes
 * out (clients read the board on connect).
 */
@Injectable()
export class LiveLeaderboard implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LiveLeaderboard');
  private readonly companies = new Map<string, CompanyState>();
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly feed: CommitFeed,
    private readonly leaderboard: LeaderboardService,
  ) {}

  onModuleInit(): void {
    this.feed.listen((committed) => this.onCommit(committed));
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const state of this.companies.values()) if (state.timer) clearTimeout(state.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Resolves once no company has a publication pending or running (tests that count statements wait for it). */
  async idle(): Promise<void> {
    while ([...this.companies.values()].some((c) => c.timer || c.running)) await new Promise((r) => setTimeout(r, 10));
  }

  private onCommit({ notices }: Committed): void {
    for (const notice of notices) if (notice.type === 'standings.changed') this.changed(notice.payload.companyId);
  }

  private changed(companyId: string): void {
    if (this.closed) return;
    const state = this.companies.get(companyId) ?? { timer: null, running: false, dirty: false, lastRunAt: 0, interval: LIVE_LEADERBOARD_INTERVAL_MS, last: null };
    this.companies.set(companyId, state);
    if (state.running) state.dirty = true;
    else if (!state.timer) this.schedule(companyId, state);
  }

  private schedule(companyId: string, state: CompanyState): void {
    const wait = Math.max(0, state.lastRunAt + state.interval - Date.now());
    state.timer = setTimeout(() => {
      state.timer = null;
      const run = this.publish(companyId, state);
      this.inFlight.add(run);
      void run.finally(() => this.inFlight.delete(run));
    }, wait);
    state.timer.unref();
  }

  private async publish(companyId: string, state: CompanyState): Promise<void> {
    state.running = true;
    state.dirty = false;
    try {
      const payload = await this.top10(companyId);
      if (payload) state.interval = liveLeaderboardInterval(payload.totalExecutives);
      const json = payload && JSON.stringify(payload);
      if (payload && json !== state.last) {
        await this.uow.run(async (_em, events) => events.record('leaderboard.updated', { kind: 'company', companyId }, payload));
        state.last = json;
      }
    } catch (err) {
      if (!this.closed) this.logger.error(`live top 10 of company ${companyId} failed: ${(err as Error).message}`);
    } finally {
      state.running = false;
      state.lastRunAt = Date.now();
      if (!this.closed && state.dirty && !state.timer) this.schedule(companyId, state);
    }
  }

  /** The company's live top 10 from the committed state, or null when the company is gone. */
  private async top10(companyId: string): Promise<EventPayloads['leaderboard.updated'] | null> {
    const em = this.em.fork();
    const company = await companyZone(em, companyId);
    return company ? this.leaderboard.liveTop10(em, company) : null;
  }
}
