import type { Audience } from '@kpi/contracts';
import { toDate, type DbDate } from '../common/rows/columns';

/** The event log's columns, as the plain-SQL readers of the log select them (no entity hydration per row). */
export const EVENT_COLUMNS = 'id, stream, seq, type, audience_kind, audience_user_id, company_id, payload, at';

/** A logged event read back from the log: the row, in the event's own names and types. */
export interface LoggedRow {
  id: string;
  stream: string;
  seq: number;
  type: string;
  audienceKind: Audience['kind'];
  audienceUserId: string | null;
  companyId: string | null;
  payload: unknown;
  at: Date;
}

/** An `event_log` row as the drivers return it: SQLite's JSON is text and its dates numbers. */
export interface EventRow {
  id: string;
  stream: string;
  seq: number | string;
  type: string;
  audience_kind: Audience['kind'];
  audience_user_id: string | null;
  company_id: string | null;
  payload: unknown;
  at: DbDate;
}

/** The one mapping from a row of `EVENT_COLUMNS` to a logged event. */
export const loggedRowOf = (r: EventRow): LoggedRow => ({
  id: r.id,
  stream: r.stream,
  seq: Number(r.seq),
  type: r.type,
  audienceKind: r.audience_kind,
  audienceUserId: r.audience_user_id,
  companyId: r.company_id,
  payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
  at: toDate(r.at),
});
