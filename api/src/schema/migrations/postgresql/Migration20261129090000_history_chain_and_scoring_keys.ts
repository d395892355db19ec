import { Migration } from '@mikro-orm/migrations';

/** The PostgreSQL twin of ../Migration20261129090000_history_chain_and_scoring_keys.ts. */
export class Migration20261129090000_history_chain_and_scoring_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`delete from "score_history" where "company_id" not in (select "id" from "companies");`);
    this.addSql(`alter table "score_history" add column "chain_seq" int null, add column "prev_hash" varchar(64) null, add column "hash" varchar(64) null;`);
    this.addSql(`alter table "score_history" add constraint "score_history_company_id_chain_seq_unique" unique ("company_id", "chain_seq");`);

    this.addSql(
      `create table "scoring_keys" ("company_id" varchar(36) not null, "key" varchar(128) not null, "task_id" varchar(36) not null, "created_at" timestamptz not null, constraint "scoring_keys_pkey" primary key ("company_id", "key"));`,
    );
    this.addSql(`create index "scoring_keys_created_at_index" on "scoring_keys" ("created_at");`);
  }
}
