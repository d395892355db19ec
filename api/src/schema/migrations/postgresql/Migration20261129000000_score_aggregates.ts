import { Migration } from '@mikro-orm/migrations';
import { backfillScoreAggregates } from '../Migration20261129000000_score_aggregates.backfill';

/** PostgreSQL twin of ../Migration20261129000000_score_aggregates (docs/aggregates.md). */
export class Migration20261129000000_score_aggregates extends Migration {
  override async up(): Promise<void> {
    const figures = '"task_count" int not null, "total_tenths" bigint not null, "quality_tenths" bigint not null, "time_tenths" bigint not null, "initiative_tenths" bigint not null';
    await this.execute(
      `create table "score_aggregates" ("company_id" varchar(36) not null, "period_key" varchar(7) not null, "user_id" varchar(36) not null, ${figures}, constraint "score_aggregates_pkey" primary key ("company_id", "period_key", "user_id"));`,
    );
    await this.execute('create index "score_aggregates_company_id_period_key_total_tenths_index" on "score_aggregates" ("company_id", "period_key", "total_tenths");');
    await this.execute('create index "score_aggregates_user_id_period_key_index" on "score_aggregates" ("user_id", "period_key");');
    await this.execute(
      `create table "company_score_aggregates" ("company_id" varchar(36) not null, "period_key" varchar(7) not null, ${figures}, constraint "company_score_aggregates_pkey" primary key ("company_id", "period_key"));`,
    );
    await this.execute(
      'alter table "score_aggregates" add constraint "score_aggregates_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;',
    );
    await this.execute('alter table "score_aggregates" add constraint "score_aggregates_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;');
    await this.execute(
      'alter table "company_score_aggregates" add constraint "company_score_aggregates_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;',
    );
    const platform = this.driver.getPlatform();
    await backfillScoreAggregates((sql, params) => this.execute(sql, params), (d) => platform.processDateProperty(d));
  }
}
