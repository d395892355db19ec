import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { LEADERBOARD_SIZE, PAGE_DEFAULT, type EventPayloads, type Leaderboard, type LeaderboardPeriod, type GenerateLeaderboardInput, type LeaderboardPageQueryInput, type Top10QueryInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { invalid, notFound } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import type { EventRecorder } from '../../events/event-recorder';
import { UnitOfWork } from '../../events/unit-of-work';
import { BadgeAwardsService } from '../badges/badge-awards.service';
import { periodBadges } from '../badges/badge-rules';
import { Company } from '../companies/company.entity';
import type { CsvDocument } from '../../common/csv/csv-file';
import { currentMonthOf, monthOf, periodKey, periodLabel, periodRange } from '../../common/periods/periods';
import { companyZone, companyZoneWithExecutives } from '../stats/standings.query';
import { computeStandings, computeTopStandings, rankedStandings, type CompanyZone, type Standings } from '../stats/standings';
import { rankedAfter, standingKey, STANDING_KEY_SHAPE, type StandingKey } from '../stats/ranking';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { cut, Page } from '../../common/paging/page';
import { latestSnapshotAt, saveSnapshot, toEntries, toLeaderboard } from './board.repository';
import { leaderboardCsv } from './leaderboard.csv';
import { StandingsCache, type PeriodBoard } from './standings-cache';
import { Top10Answer } from './top10-answer';


/**
 * Company leaderboards, read from the score aggregates kept per period in the company's time zone
 * (docs/scoring-and-ranking.md, docs/aggregates.md).
 * Publishing a period freezes a snapshot and awards the period's badges.
 */
@Injectable()
export class LeaderboardService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly badgeAwards: BadgeAwardsService,
    private readonly cache: StandingsCache,
    private readonly cursors: CursorCodec,
  ) {}

  /**
   * The caller's company leaderboard for a month or a year, one page of the ranking at a time (docs/paging.md)
   * with the calling executive's own row; `?format=csv` downloads every ranked executive.
   */
  async read(actor: Actor, period: LeaderboardPeriod, query: LeaderboardPageQueryInput): Promise<Page<Leaderboard> | CsvDocument> {
    const em = this.em.fork();
    const company = await this.readableCompany(em, actor, query.company);
    const standings = await computeStandings(em, company, period);
    const generatedAt = await latestSnapshotAt(em, company.id, period);
    if (query.format === 'csv') return leaderboardCsv(toLeaderboard(standings, await toEntries(em, company.id, standings.ranked), generatedAt), company.timeZone, new Date());

    return this.rankingPage(em, actor, company.id, standings, query, generatedAt);
  }

  /** One page of a period's standings after the cursor's place, with the calling executive's own row wherever it ranks. */
  private async rankingPage(em: EntityManager, actor: Actor, companyId: string, standings: Standings, query: LeaderboardPageQueryInput, generatedAt: Date | null): Promise<Page<Leaderboard>> {
    // A cursor names its company and period: one from another board is a 400, not a page of this one.
    const list = `leaderboard ${companyId} ${periodKey(standings.period)}`;
    const rest = query.cursor ? rankedAfter(standings.ranked, this.cursors.decode(list, query.cursor, STANDING_KEY_SHAPE) as StandingKey) : standings.ranked;
    const { items, more } = cut(rest, query.limit);
    const own = actor.role === 'executive' ? standings.ranked.find((r) => r.userId === actor.userId) : undefined;
    // The page's badge icons and the caller's own row's in one read.
    const entries = await toEntries(em, companyId, own && !items.includes(own) ? [...items, own] : items);
    const mine = own ? (entries.find((e) => e.user._id === own.userId) ?? null) : null;
    const next = more ? this.cursors.encode(list, standingKey(items[items.length - 1])) : null;
    return new Page(toLeaderboard(standings, entries.slice(0, items.length), generatedAt, mine), next);
  }

  /**
   * The top 10 and where one executive stands: executives always see their own position. The company and the
   * period's ranking are read once per second at most and shared by every caller (standings-cache.ts), and
   * so is the whole answer of everyone without a position, its JSON made once (top10-answer.ts).
   */
  async top10(actor: Actor, companyId: string, query: Top10QueryInput): Promise<Top10Answer> {
    // A company named in the path: another company answers 404 exactly like a missing one.
    Scope.of(actor).companyById(companyId);
    const company = await this.cache.company(companyId, () => companyZoneWithExecutives(this.em.fork(), companyId));
    if (!company) throw notFound('Company');
    const year = query.year ?? currentMonthOf(company.timeZone).year;
    const period: LeaderboardPeriod = query.month ? { year, month: query.month } : { year };
    const userId = actor.role === 'executive' ? actor.userId : (query.userId ?? actor.userId);
    const board = await this.cache.board(company.id, periodKey(period), () => this.periodBoard(company, period));
    const mine = board.positions.get(userId);
    if (!mine) return Top10Answer.unranked(board.top10, company.executives, period);
    return new Top10Answer({
      top10: board.top10,
      currentUserPosition: { rank: mine.rank, user: { _id: mine.userId, name: mine.name, department: mine.department }, totalScore: mine.totalScore },
      totalExecutives: company.executives,
      period,
    });
  }

  /** A period's whole ranking (one grouped read) with its first places' badges (one more). */
  private async periodBoard(company: CompanyZone, period: LeaderboardPeriod): Promise<PeriodBoard> {
    const em = this.em.fork();
    const ranked = await rankedStandings(em, company, period);
    const top10 = await toEntries(em, company.id, ranked.slice(0, LEADERBOARD_SIZE));
    return { top10, positions: new Map(ranked.map((r) => [r.userId, r])) };
  }

  /**
   * Publishes a period: awards its badges (once per user, badge and period, so publishing again awards
   * nothing twice), stores the frozen snapshot (replacing an earlier one) and tells the company.
   */
  generate(actor: Actor, input: GenerateLeaderboardInput): Promise<Leaderboard> {
    return this.uow.run(async (em, events) => {
      const company = await em.findOne(Company, { id: Scope.of(actor).own() });
      if (!company) throw notFound('Company');
      const period: LeaderboardPeriod = input.type === 'monthly' ? { year: input.year, month: input.month } : { year: input.year };
      const now = new Date();
      if (periodRange(company.timeZone, period).start > now) {
        throw invalid('A leaderboard can only be generated for a period that has started', input.type === 'monthly' ? 'month' : 'year');
      }

      const standings = await computeStandings(em, company, period);
      const names = new Map(standings.ranked.map((s) => [s.userId, s.name]));
      await this.badgeAwards.award(em, events, company.id, periodBadges(standings.ranked, periodKey(period), periodLabel(period)), names);
      // Entries are built after the awards so the published badges column already shows them.
      const board = toLeaderboard(standings, await toEntries(em, company.id, standings.ranked), now);
      await saveSnapshot(em, company, board, now, actor.userId);
      events.record('leaderboard.generated', { kind: 'company', companyId: company.id }, { type: board.type, period, generatedAt: now.toISOString() });
      // The snapshot holds everyone; the answer, like a first page, the best PAGE_DEFAULT (the GET pages on).
      return { ...board, entries: board.entries.slice(0, PAGE_DEFAULT) };
    });
  }

  /**
   * Inside a unit of work that changed the company's standings (a scoring, a scored task deleted): once it
   * commits, the current month's top 10 goes to the whole company (live-leaderboard.ts), outside the transaction.
   */
  recordLiveUpdate(events: EventRecorder, companyId: string): void {
    events.notify({ type: 'standings.changed', payload: { companyId } });
  }

  /** The current month's top 10 in the company's zone: what `leaderboard.updated` carries and walls show. */
  async liveTop10(em: EntityManager, company: CompanyZone, now = new Date()): Promise<EventPayloads['leaderboard.updated']> {
    const standings = await computeTopStandings(em, company, monthOf(now, company.timeZone), LEADERBOARD_SIZE);
    const top10 = await toEntries(em, company.id, standings.ranked);
    return { period: standings.period, top10, totalExecutives: standings.totalExecutives };
  }

  /** Admins and executives read their own company (naming another is 403); the superadmin must name one. */
  private async readableCompany(em: EntityManager, actor: Actor, requested?: string): Promise<CompanyZone> {
    const id = Scope.of(actor).narrowTo(requested).companyId;
    if (!id) throw invalid('Company is required', 'company');
    const company = await companyZone(em, id);
    if (!company) throw notFound('Company');
    return company;
  }
}
