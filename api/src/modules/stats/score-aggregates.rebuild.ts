import { monthKey, monthOf, monthRange } from '../../common/periods/periods';
import { ALL_TIME } from './score-aggregates.rules';
import type { Execute } from './score-aggregates.writes';

/**
 * Recomputes a company's aggregate rows from its scored tasks: used by the migration that introduced them
 * (existing databases), when a company changes its time zone (its tasks fall into other months), after the
 * demo seed, and by the consistency test. One grouped insert per month the company has scores in, over the
 * (company, scored_at) index; years and all-time are then summed from the months, the company rows from
 * the users'. Month bounds come from periods.ts, so the zone rules are the same as the live scoring's.
 */
export async function rebuildScoreAggregates(execute: Execute, toDbDate: (d: Date) => unknown, company: { id: string; timeZone: string }): Promise<void> {
  await execute('delete from score_aggregates where company_id = ?', [company.id]);
  await execute('delete from company_score_aggregates where company_id = ?', [company.id]);
  const [span] = await execute('select min(scored_at) as first_at, max(scored_at) as last_at from tasks where company_id = ? and total_score is not null', [company.id]);
  if (!span || span.first_at === null || span.first_at === undefined) return;

  const tenths = (column: string) => `cast(sum(round(coalesce(${column}, 0) * 10)) as bigint)`;
  const first = monthOf(new Date(span.first_at as string | number), company.timeZone);
  const last = monthOf(new Date(span.last_at as string | number), company.timeZone);
  for (let { year, month } = first; year < last.year || (year === last.year && month <= last.month); month === 12 ? ((month = 1), year++) : month++) {
    const range = monthRange(company.timeZone, year, month);
    await execute(
      `insert into score_aggregates (company_id, period_key, user_id, task_count, total_tenths, quality_tenths, time_tenths, initiative_tenths)
       select company_id, ?, assigned_to_id, count(*), ${tenths('total_score')}, ${tenths('quality_score')}, ${tenths('time_score')}, ${tenths('initiative_score')}
       from tasks where company_id = ? and scored_at >= ? and scored_at < ? and total_score is not null
       group by company_id, assigned_to_id`,
      [monthKey(year, month), company.id, toDbDate(range.start), toDbDate(range.end)],
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
     select company_id, ?, user_id, ${sums} from score_aggregates
     where company_id = ? and length(period_key) = 4 group by company_id, user_id`,
    [ALL_TIME, company.id],
  );
  await execute(
    `insert into company_score_aggregates (company_id, period_key, ${columns})
     select company_id, period_key, ${sums} from score_aggregates where company_id = ? group by company_id, period_key`,
    [company.id],
  );
}

/** Every company, as the migration and the demo seed need it. */
export async function rebuildAllScoreAggregates(execute: Execute, toDbDate: (d: Date) => unknown): Promise<void> {
  const companies = await execute('select id, time_zone from companies');
  for (const c of companies) await rebuildScoreAggregates(execute, toDbDate, { id: String(c.id), timeZone: String(c.time_zone) });
}
