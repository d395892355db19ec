import { Injectable } from '@nestjs/common';
import type { LeaderboardEntry } from '@kpi/contracts';
import { KEPT_ANSWER_TTL_MS, KeptAnswers } from '../../common/caching/kept-answers';
import { CommitFeed, type RecordedEvent } from '../../events/commit-feed';
import type { RankedStanding } from '../stats/ranking';

/** How long a company's standings are served without reading the database (common/caching/kept-answers.ts). */
export const STANDINGS_TTL_MS = KEPT_ANSWER_TTL_MS;
/** Companies whose zone and executive count are kept. */
const MAX_COMPANIES = 10_000;
/** Periods kept over all companies: each holds one row per executive ranked in it. */
const MAX_BOARDS = 64;

export interface CompanyFacts {
  id: string;
  timeZone: string;
  /** Active executives: the "of N" of every rank. */
  executives: number;
}

/** A period's standings as the top 10 answers them: its first places with badges, and everyone's position. */
export interface PeriodBoard {
  top10: LeaderboardEntry[];
  positions: Map<string, RankedStanding>;
}

/** Committed events that never change a standing, a name, a badge, an executive count or a zone. */
const HARMLESS = new Set(['announcement.created', 'announcement.updated', 'announcement.pinned', 'announcement.deleted', 'notification.created', 'notification.read', 'notification.broadcast', 'leaderboard.generated']);

/** The company an event concerns, when it names one. */
function companyOf({ envelope, audience }: RecordedEvent): string | null {
  if (envelope.type === 'company.updated') return envelope.payload.company._id;
  if (envelope.type === 'company.deleted') return envelope.payload.companyId;
  return audience.kind === 'superadmin' ? null : audience.companyId;
}

/**
 * The top 10's reads, kept per company and period for at most a second: every dashboard asks for the same
 * ranking, so it is read once and each caller's own position is a map lookup. A committed event that may
 * change a company's standings (a score, a badge, a user or task change, the company's zone) drops that
 * company's entries when it is handed to the commit feed; an event naming no company drops everything. A
 * read still running when its company is dropped is no longer handed to later callers.
 */
@Injectable()
export class StandingsCache {
  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();
  private readonly companies = new KeptAnswers<CompanyFacts | null>(MAX_COMPANIES, () => this.now());
  private readonly boards = new KeptAnswers<PeriodBoard>(MAX_BOARDS, () => this.now());

  constructor(feed: CommitFeed) {
    feed.listen(({ events }) => {
      for (const event of events) {
        if (HARMLESS.has(event.envelope.type)) continue;
        const companyId = companyOf(event);
        if (companyId) this.drop(companyId);
        else this.dropAll();
      }
    });
  }

  company(companyId: string, read: () => Promise<CompanyFacts | null>): Promise<CompanyFacts | null> {
    return this.companies.get(companyId, [companyId], read);
  }

  board(companyId: string, periodKey: string, read: () => Promise<PeriodBoard>): Promise<PeriodBoard> {
    return this.boards.get(`${companyId} ${periodKey}`, [companyId], read);
  }

  drop(companyId: string): void {
    this.companies.drop(companyId);
    this.boards.drop(companyId);
  }

  dropAll(): void {
    this.companies.dropAll();
    this.boards.dropAll();
  }
}
