import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL twin of ../Migration20261201010000_audit_trail (docs/audit.md). */
export class Migration20261201010000_audit_trail extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "audit_entries" ("id" varchar(36) not null, "company_id" varchar(36) null, "chain" varchar(36) not null, "seq" int not null, "at" timestamptz not null, "kind" varchar(40) not null, "actor_id" varchar(36) null, "actor_name" varchar(120) not null, "actor_role" varchar(16) not null, "subject_type" varchar(20) not null, "subject_id" varchar(64) not null, "subject_label" varchar(255) not null, "changes" jsonb not null, "request_id" varchar(128) null, "prev_hash" varchar(64) not null, "hash" varchar(64) not null, constraint "audit_entries_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "audit_entries" add constraint "audit_entries_chain_seq_unique" unique ("chain", "seq");`);
    this.addSql(`create index "audit_entries_company_id_at_index" on "audit_entries" ("company_id", "at");`);
    this.addSql(`create index "audit_entries_actor_id_at_index" on "audit_entries" ("actor_id", "at");`);
    this.addSql(`create index "audit_entries_subject_id_index" on "audit_entries" ("subject_id");`);
    this.addSql(
      `create table "audit_chains" ("chain" varchar(36) not null, "seq" int not null, "hash" varchar(64) not null, "floor_seq" int not null default 0, "floor_hash" varchar(64) not null, constraint "audit_chains_pkey" primary key ("chain"));`,
    );
  }
}
