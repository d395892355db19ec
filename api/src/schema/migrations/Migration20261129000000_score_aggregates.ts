import { Migration } from '@mikro-orm/migrations';
import { backfillScoreAggregates } from './Migration20261129000000_score_aggregates.backfill';

/**
 * Per-user and per-company score aggregates by period (docs/aggregates.md), filled from the tasks already
 * scored so an existing database reads the same leaderboards as before. The tables are created with
 * `execute` (not `addSql`, which runs after `up`) so the backfill can use them in the same transaction.
 */
export class Migration20261129000000_score_aggregates extends Migration {
  override async up(): Promise<void> {
    const figures = '`task_count` integer not null, `total_tenths` bigint not null, `quality_tenths` bigint not null, `time_tenths` bigint not null, `initiative_tenths` bigint not null';
    await this.execute(
      `create table \`score_aggregates\` (\`company_id\` text not null, \`period_key\` text not null, \`user_id\` text not null, ${figures}, constraint \`score_aggregates_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, constraint \`score_aggregates_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`company_id\`, \`period_key\`, \`user_id\`));`,
    );
    await this.execute('create index `score_aggregates_company_id_period_key_total_tenths_index` on `score_aggregates` (`company_id`, `period_key`, `total_tenths`);');
    await this.execute('create index `score_aggregates_user_id_period_key_index` on `score_aggregates` (`user_id`, `period_key`);');
    await this.execute(
      `create table \`company_score_aggregates\` (\`company_id\` text not null, \`period_key\` text not null, ${figures}, constraint \`company_score_aggregates_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`company_id\`, \`period_key\`));`,
    );
    const platform = this.driver.getPlatform();
    await backfillScoreAggregates((sql, params) => this.execute(sql, params), (d) => platform.processDateProperty(d));
  }
}
