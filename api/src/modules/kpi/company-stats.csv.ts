import type { CompanyStats } from '@kpi/contracts';
import type { Company } from '../companies/company.entity';
import { CsvDocument, csvFile, oneDecimal } from '../../common/csv/csv-file';

/**
 * Company statistics as a download: the summary, the monthly series, departments and the level
 * distribution, as four tables under one comment line that states the period and when it was computed.
 */
export function companyStatsCsv(company: Pick<Company, 'id' | 'timeZone'>, stats: CompanyStats, now: Date): CsvDocument {
  const months = stats.monthlyPerformance;
  const range = months.length ? `${months[0].month} to ${months[months.length - 1].month}` : 'none';
  const comment = `Company statistics; all-time figures with monthly figures ${range} (${company.timeZone}); generated ${now.toISOString()}`;
  return new CsvDocument(`company-stats-${now.toISOString().slice(0, 10)}.csv`, csvFile(comment, [
    [
      ['metric', 'value'],
      ['totalExecutives', stats.totalExecutives],
      ['totalTasks', stats.totalTasks],
      ['completedTasks', stats.completedTasks],
      ['averageScore', oneDecimal(stats.averageScore)],
    ],
    [['month', 'averageScore', 'tasksCompleted'], ...months.map((m) => [m.month, oneDecimal(m.averageScore), m.tasksCompleted])],
    [['department', 'executiveCount', 'averageScore'], ...stats.departmentStats.map((d) => [d.department, d.executiveCount, oneDecimal(d.averageScore)])],
    [['performanceLevel', 'executives'], ...stats.performanceDistribution.map((l) => [l.level, l.count])],
  ]));
}
