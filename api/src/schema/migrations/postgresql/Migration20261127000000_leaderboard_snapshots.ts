import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL twin of ../Migration20261127000000_leaderboard_snapshots. */
export class Migration20261127000000_leaderboard_snapshots extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "leaderboard_snapshots" ("id" varchar(36) not null, "company_id" varchar(36) not null, "type" varchar(16) not null, "period_key" varchar(7) not null, "year" int not null, "month" int null, "total_executives" int not null, "entries" jsonb not null, "generated_at" timestamptz not null, "generated_by_id" varchar(36) null, constraint "leaderboard_snapshots_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "leaderboard_snapshots" add constraint "leaderboard_snapshots_company_id_period_key_unique" unique ("company_id", "period_key");`);
    this.addSql(
      `alter table "leaderboard_snapshots" add constraint "leaderboard_snapshots_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
  }
}
