/**
 * The score aggregates' backfill as it stood when Migration20261129000000_score_aggregates was written, frozen with
 * it: a migration must do tomorrow what it did the day it shipped, so it imports nothing from the app (the live
 * rebuild, modules/stats/score-aggregates.repository.ts, may change with the module). Shared by the SQLite migration
 * and its PostgreSQL twin.
 *
 * Per company, one grouped insert per month it has scores in (month bounds in the company's time zone), then the
 * years and all-time summed from the months, and the company rows from the users'.
 */
type Execute = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The wall-clock parts of an instant in a zone. */
function zonedParts(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

function offsetAt(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The first instant of a month in a zone (midnight in a daylight-saving gap: when the gap ends). */
function startOfZonedMonth(timeZone: string, year: number, month: number): Date {
  const wall = Date.UTC(year, month - 1, 1);
  const target = new Date(wall);
  const first = wall - offsetAt(target, timeZone);
  const second = wall - offsetAt(new Date(first), timeZone);
  const isStart = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return p.year === target.getUTCFullYear() && p.month === target.getUTCMonth() + 1 && p.day === target.getUTCDate() && p.hour === 0;
  };
  const valid = [first, second].filter(isStart);
  return new Date(valid.length ? Math.min(...valid) : Math.max(first, second));
}

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

async function backfillCompany(execute: Execute, toDbDate: (d: Date) => unknown, company: { id: string; timeZone: string }): Promise<void> {
  const [span] = await execute('select min(scored_at) as first_at, max(scored_at) as last_at from tasks where company_id = ? and total_score is not null', [company.id]);
  if (!span || span.first_at === null || span.first_at === undefined) return;
  const tenths = (column: string) => `cast(sum(round(coalesce(${column}, 0) * 10)) as bigint)`;
  const first = zonedParts(new Date(span.first_at as string | number), company.timeZone);
  const last = zonedParts(new Date(span.last_at as string | number), company.timeZone);
  for (let { year, month } = first; year < last.year || (year === last.year && month <= last.month); month === 12 ? ((month = 1), year++) : month++) {
    await execute(
      `insert into score_aggregates (company_id, period_key, user_id, task_count, total_tenths, quality_tenths, time_tenths, initiative_tenths)
       select company_id, ?, assigned_to_id, count(*), ${tenths('total_score')}, ${tenths('quality_score')}, ${tenths('time_score')}, ${tenths('initiative_score')}
       from tasks where company_id = ? and scored_at >= ? and scored_at < ? and total_score is not null
       group by company_id, assigned_to_id`,
      [monthKey(year, month), company.id, toDbDate(startOfZonedMonth(company.timeZone, year, month)), toDbDate(startOfZonedMonth(company.timeZone, year, month + 1))],
    );
  }
  const sums = 'sum(task_count), sum(total_tenths), sum(quality_tenths), sum(time_tenths), sum(initiative_tenths)';
  const columns = 'task_count, total_tenths, quality_tenths, time_tenths, initiative_tenths';
  await execute(
    `insert into score_aggregates (company_id, period_key, user_id, ${columns})
     select company_id, substr(period_key, 1, 4), user_id, ${sums} from score_aggregates
     where company_id = ? and length(period_key) = 7 group by company_id, substr(period_key, 1, 4), user_id`,
    [company.id],
  );
  await execute(
    `insert into score_aggregates (company_id, period_key, user_id, ${columns})
     select company_id, 'all', user_id, ${sums} from score_aggregates
     where company_id = ? and length(period_key) = 4 group by company_id, user_id`,
    [company.id],
  );
  await execute(
    `insert into company_score_aggregates (company_id, period_key, ${columns})
     select company_id, period_key, ${sums} from score_aggregates where company_id = ? group by company_id, period_key`,
    [company.id],
  );
}

/** Fills the new (empty) aggregate tables from every company's scored tasks. */
export async function backfillScoreAggregates(execute: Execute, toDbDate: (d: Date) => unknown): Promise<void> {
  const companies = await execute('select id, time_zone from companies');
  for (const c of companies) await backfillCompany(execute, toDbDate, { id: String(c.id), timeZone: String(c.time_zone) });
}
