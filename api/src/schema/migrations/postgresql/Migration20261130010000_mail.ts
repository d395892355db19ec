import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL twin of ../Migration20261130010000_mail (docs/notifications.md). */
export class Migration20261130010000_mail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "outbox_cursors" ("consumer" varchar(32) not null, "stream" varchar(36) not null, "last_seq" int not null, constraint "outbox_cursors_pkey" primary key ("consumer", "stream"));`);
    this.addSql(`create table "mail_task_reminders" ("task_id" varchar(36) not null, "kind" varchar(16) not null, "deadline" timestamptz not null, constraint "mail_task_reminders_pkey" primary key ("task_id", "kind"));`);
    this.addSql(`create table "mail_preferences" ("user_id" varchar(36) not null, "company_id" varchar(36) not null, "modes" jsonb not null, "digest_time" varchar(5) not null, "last_digest_on" varchar(10) null, "updated_at" timestamptz not null, constraint "mail_preferences_pkey" primary key ("user_id"));`);
    this.addSql(`create table "mail_messages" ("id" varchar(36) not null, "company_id" varchar(36) not null, "user_id" varchar(36) not null, "kind" varchar(32) not null, "mode" varchar(8) not null, "event_key" varchar(120) not null, "payload" jsonb not null, "status" varchar(16) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_owner" varchar(36) null, "lease_until" timestamptz null, "digest_id" varchar(36) null, "created_at" timestamptz not null, "sent_at" timestamptz null, "last_error" varchar(500) null, constraint "mail_messages_pkey" primary key ("id"));`);
    this.addSql(`create index "mail_messages_company_id_index" on "mail_messages" ("company_id");`);
    this.addSql(`create index "mail_messages_digest_id_index" on "mail_messages" ("digest_id");`);
    this.addSql(`create index "mail_messages_user_id_mode_status_index" on "mail_messages" ("user_id", "mode", "status");`);
    this.addSql(`create index "mail_messages_status_mode_next_attempt_at_index" on "mail_messages" ("status", "mode", "next_attempt_at");`);
    this.addSql(`alter table "mail_messages" add constraint "mail_messages_event_key_user_id_kind_unique" unique ("event_key", "user_id", "kind");`);
    this.addSql(`alter table "mail_task_reminders" add constraint "mail_task_reminders_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mail_preferences" add constraint "mail_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mail_preferences" add constraint "mail_preferences_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mail_messages" add constraint "mail_messages_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mail_messages" add constraint "mail_messages_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "tasks_deadline_status_index" on "tasks" ("deadline", "status");`);
    // Mail starts from now: events already in the log were never meant for an inbox.
    this.addSql(`insert into "outbox_cursors" ("consumer", "stream", "last_seq") select 'mail', "stream", "last_seq" from "stream_sequences";`);
  }
}
