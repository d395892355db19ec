import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Announcement as AnnouncementView, Audience } from '@kpi/contracts';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { afterSql, orderSql, type SqlCondition, type SqlSortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { bool, isoDate, isoDateOrNull, toDate, type DbDate } from '../../common/rows/columns';
import { dbDate } from '../../common/rows/params';
import type { Scope } from '../../common/tenancy/scope';
import { execute } from '../../database/bound-sql';
import { Announcement } from './announcement.entity';

/**
 * Every read of the announcements, each limited to a Scope's company, and the one mapping from a row to the
 * answer (`toAnnouncementAnswer`). Writes change the entity through the unit of work (`findOwn`) and read their
 * answer back here. Services hold the rules and never write SQL or build an answer.
 */

/** An announcement as stored. */
interface AnnouncementRow {
  id: string;
  title: string;
  content: string;
  priority: AnnouncementView['priority'];
  is_pinned: boolean | number;
  expires_at: DbDate | null;
  company_id: string;
  author_id: string | null;
  author_name: string;
  created_at: DbDate;
  updated_at: DbDate;
}

const SELECT = 'select a.id, a.title, a.content, a.priority, a.is_pinned, a.expires_at, a.company_id, a.author_id, a.author_name, a.created_at, a.updated_at from announcements a';

/** Pinned first, then newest first; the id makes the order total. */
const ORDER: SqlSortKey[] = [
  { column: 'a.is_pinned', dir: 'desc' },
  { column: 'a.created_at', dir: 'desc' },
  { column: 'a.id', dir: 'asc' },
];
const ORDER_SQL = orderSql(ORDER);
const CURSOR = ['boolean', 'number', 'string'] as const;

/** Announcements are news for the whole company. */
export const companyAudience = (companyId: string): Audience => ({ kind: 'company', companyId });

@Injectable()
export class AnnouncementRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cursors: CursorCodec,
  ) {}

  /** One page of a scope's announcements, pinned first (keyset, docs/paging.md); `currentOnly` leaves out the expired. */
  async page(scope: Scope, options: { currentOnly: boolean }, limit: number, cursor?: string): Promise<Page<AnnouncementView[]>> {
    const em = this.em.fork();
    const date = dbDate(em);
    const conditions: SqlCondition[] = [scope.sql('a.company_id')];
    if (options.currentOnly) conditions.push(current(date(new Date())));
    if (cursor) {
      const [pinned, createdAt, id] = this.cursors.decode('announcements', cursor, CURSOR);
      conditions.push(afterSql(ORDER, [pinned, date(new Date(createdAt as number)), id]));
    }
    const rows = await execute<AnnouncementRow>(em, `${SELECT} where ${conditions.map((c) => c.sql).join(' and ')} order by ${ORDER_SQL} limit ?`, [
      ...conditions.flatMap((c) => c.params),
      limit + 1,
    ]);
    const { items, more } = cut(rows, limit);
    const last = items[items.length - 1];
    const next = more && last ? this.cursors.encode('announcements', [bool(last.is_pinned), toDate(last.created_at).getTime(), last.id]) : null;
    return new Page(items.map(toAnnouncementAnswer), next);
  }

  /** A scope's announcement as its answer, read on `em` (a unit of work's: what it has written so far); null if none. */
  async answer(em: EntityManager, scope: Scope, id: string): Promise<AnnouncementView | null> {
    const company = scope.sql('a.company_id');
    const [row] = await execute<AnnouncementRow>(em, `${SELECT} where a.id = ? and ${company.sql}`, [id, ...company.params]);
    return row ? toAnnouncementAnswer(row) : null;
  }

  /** A company's pinned announcements that have not expired, newest first (what a wall display shows). */
  async pinnedCurrent(em: EntityManager, scope: Scope, now: Date): Promise<AnnouncementView[]> {
    const company = scope.sql('a.company_id');
    const rows = await execute<AnnouncementRow>(em, `${SELECT} where ${company.sql} and a.is_pinned = ? and ${current(dbDate(em)(now)).sql} order by a.created_at desc`, [
      ...company.params,
      true,
      dbDate(em)(now),
    ]);
    return rows.map(toAnnouncementAnswer);
  }

  /**
   * The announcements whose expiry has come and was not published yet, each claimed for this run (another
   * instance may race it: only the run whose update claims a row gets it), as their answers.
   */
  async claimDueExpiries(em: EntityManager, now: Date): Promise<AnnouncementView[]> {
    const date = dbDate(em);
    const due = await execute<AnnouncementRow>(em, `${SELECT} where a.expires_at <= ? and a.expiry_published_at is null order by a.expires_at asc`, [date(now)]);
    const claimed: AnnouncementView[] = [];
    for (const row of due) {
      if (await em.nativeUpdate(Announcement, { id: row.id, expiryPublishedAt: null }, { expiryPublishedAt: now })) claimed.push(toAnnouncementAnswer(row));
    }
    return claimed;
  }

  /** The earliest expiry not yet published, over every company (the expiry timer's), or null. */
  async nextUnpublishedExpiry(): Promise<Date | null> {
    const next = await this.em
      .fork()
      .findOne(Announcement, { expiresAt: { $ne: null }, expiryPublishedAt: null }, { orderBy: { expiresAt: 'asc' }, fields: ['id', 'expiresAt'] });
    return next?.expiresAt ?? null;
  }

  /** A scope's announcement as an entity, to change through the unit of work (404 for another company's). */
  findOwn(em: EntityManager, scope: Scope, id: string): Promise<Announcement> {
    return scope.findOwn(em, Announcement, id, 'Announcement');
  }
}

/** Not expired at `now` (already in the database's date representation). */
const current = (now: unknown): SqlCondition => ({ sql: '(a.expires_at is null or a.expires_at > ?)', params: [now] });

/** An announcement's answer (the contract's `Announcement`), the only place one is built. */
const toAnnouncementAnswer = (r: AnnouncementRow): AnnouncementView => ({
  _id: r.id,
  title: r.title,
  content: r.content,
  priority: r.priority,
  isPinned: bool(r.is_pinned),
  expiresAt: isoDateOrNull(r.expires_at),
  company: r.company_id,
  author: { _id: r.author_id, name: r.author_name },
  createdAt: isoDate(r.created_at),
  updatedAt: isoDate(r.updated_at),
});
