import { Injectable } from '@nestjs/common';
import type { LeaderboardEntry } from '@kpi/contracts';
import { KEPT_ANSWER_TTL_MS, KeptAnswers } from '../../common/caching/kept-answers';
import { audienceCompany, CacheDrops, keepAll, type Drop, type DropRules, type DroppableCache } from '../../common/caching/cache-drops';
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

/** A company's change, named by its payload. */
const theCompany = (companyId: string): Drop => [companyId];

/** Standings hold scores, names, badges, the executive count and the company's zone: what changes those drops them. */
const STANDINGS_DROPS: DropRules = {
  'task.assigned': audienceCompany,
  'task.updated': audienceCompany,
  'task.deleted': audienceCompany,
  'task.submitted': audienceCompany,
  'task.scored': audienceCompany,
  'badge.awarded': audienceCompany,
  'user.created': audienceCompany,
  'user.updated': audienceCompany,
  'user.deleted': audienceCompany,
  'admin.created': audienceCompany,
  'admin.updated': audienceCompany,
  'admin.deleted': audienceCompany,
  'session.revoked': audienceCompany,
  'stats.changed': ({ payload }) => theCompany(payload.companyId),
  'leaderboard.updated': audienceCompany,
  'company.updated': ({ payload }) => theCompany(payload.company._id),
  'company.deleted': ({ payload }) => theCompany(payload.companyId),
  'company.created': keepAll,
  'leaderboard.generated': keepAll,
  'announcement.created': keepAll,
  'announcement.updated': keepAll,
  'announcement.pinned': keepAll,
  'announcement.deleted': keepAll,
  'notification.created': keepAll,
  'notification.read': keepAll,
  'notification.broadcast': keepAll,
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
 * The top 10's reads, kept per company and period for at most a second: every dashboard asks for the same
 * ranking, so it is read once and each caller's own position is a map lookup. A committed event that may
 * change a company's standings (a score, a badge, a user or task change, the company's zone) drops that
 * company's entries, on every node (common/caching/cache-drops.ts). A
 * read still running when its company is dropped is no longer handed to later callers.
 */
@Injectable()
export class StandingsCache implements DroppableCache {
  readonly cacheName = 'standings';
  readonly dropRules = STANDINGS_DROPS;
  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();
  private readonly companies = new KeptAnswers<CompanyFacts | null>(MAX_COMPANIES, () => this.now());
  private readonly boards = new KeptAnswers<PeriodBoard>(MAX_BOARDS, () => this.now());

  constructor(drops: CacheDrops) {
    drops.register(this);
  }

  company(companyId: string, read: () => Promise<CompanyFacts | null>): Promise<CompanyFacts | null> {
    return this.companies.get(companyId, [companyId], read);
  }

  board(companyId: string, periodKey: string, read: () => Promise<PeriodBoard>): Promise<PeriodBoard> {
    return this.boards.get(`${companyId} ${periodKey}`, [companyId], read);
  }

  drop(companyIds: readonly string[]): void {
    for (const id of companyIds) {
      this.companies.drop(id);
      this.boards.drop(id);
    }
  }

  dropEverything(): void {
    this.companies.dropAll();
    this.boards.dropAll();
  }
}
