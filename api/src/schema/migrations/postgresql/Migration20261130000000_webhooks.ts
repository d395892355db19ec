import { Migration } from '@mikro-orm/migrations';

/** Webhook endpoints, their delivery cursor and lease, and the log of delivery attempts (docs/webhooks.md). */
export class Migration20261130000000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_endpoints" ("id" varchar(36) not null, "company_id" varchar(36) not null, "url" varchar(2048) not null, "kind" varchar(16) not null, "description" varchar(200) not null default '', "event_types" jsonb not null, "active" boolean not null default true, "paused_reason" varchar(500) null, "secret_enc" text null, "previous_secret_enc" text null, "previous_secret_until" timestamptz null, "delivered_seq" int not null default 0, "failures" int not null default 0, "failing_since" timestamptz null, "next_attempt_at" timestamptz null, "lease_owner" varchar(64) null, "lease_until" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_endpoints_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "webhook_endpoints" add constraint "webhook_endpoints_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create index "webhook_endpoints_company_id_created_at_id_index" on "webhook_endpoints" ("company_id", "created_at", "id");`);
    this.addSql(`create index "webhook_endpoints_active_index" on "webhook_endpoints" ("active");`);
    this.addSql(
      `create table "webhook_attempts" ("id" varchar(36) not null, "endpoint_id" varchar(36) not null, "company_id" varchar(36) not null, "event_id" varchar(36) not null, "seq" int null, "event_type" varchar(64) not null, "trigger" varchar(16) not null, "attempt" int not null, "succeeded" boolean not null, "status_code" int null, "duration_ms" int not null, "response" text not null default '', "error" varchar(500) null, "at" timestamptz not null, constraint "webhook_attempts_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "webhook_attempts" add constraint "webhook_attempts_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create index "webhook_attempts_endpoint_id_at_id_index" on "webhook_attempts" ("endpoint_id", "at", "id");`);
    this.addSql(`create index "webhook_attempts_at_index" on "webhook_attempts" ("at");`);
  }
}
