import { Migration } from '@mikro-orm/migrations';

/** Published leaderboards (docs/scoring-and-ranking.md): one frozen snapshot per company and period. */
export class Migration20261127000000_leaderboard_snapshots extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`leaderboard_snapshots\` (\`id\` text not null, \`company_id\` text not null, \`type\` text not null, \`period_key\` text not null, \`year\` integer not null, \`month\` integer null, \`total_executives\` integer not null, \`entries\` json not null, \`generated_at\` datetime not null, \`generated_by_id\` text null, constraint \`leaderboard_snapshots_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`leaderboard_snapshots_company_id_index\` on \`leaderboard_snapshots\` (\`company_id\`);`);
    this.addSql(
      `create unique index \`leaderboard_snapshots_company_id_period_key_unique\` on \`leaderboard_snapshots\` (\`company_id\`, \`period_key\`);`,
    );
  }
}
