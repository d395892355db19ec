import { Migration } from '@mikro-orm/migrations';

/**
 * PostgreSQL twin of ../Migration20261126000000_initial: generated from the entities with the schema generator's
 * getCreateSchemaSQL (MikroORM 6.6.16) and hand-checked. The foreign keys that no other index leads with are indexed
 * (`index: true` on those relations): MikroORM indexes foreign keys by itself on SQLite but not on PostgreSQL, and
 * PostgreSQL does not either, so without them a cascading delete scans the child table once per deleted row.
 */
export class Migration20261126000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "badges" ("id" varchar(36) not null, "icon" varchar(16) not null, "name" varchar(80) not null, "description" varchar(300) not null, "criterion" varchar(40) not null, constraint "badges_pkey" primary key ("id"));`);
    this.addSql(`alter table "badges" add constraint "badges_name_unique" unique ("name");`);

    this.addSql(`create table "companies" ("id" varchar(36) not null, "name" varchar(120) not null, "industry" varchar(120) not null, "description" text not null, "time_zone" varchar(64) not null default 'UTC', "created_at" timestamptz not null, constraint "companies_pkey" primary key ("id"));`);

    this.addSql(`create table "event_log" ("id" varchar(36) not null, "stream" varchar(36) not null, "seq" int not null, "type" varchar(64) not null, "audience_kind" varchar(16) not null, "audience_user_id" varchar(36) null, "company_id" varchar(36) null, "payload" jsonb not null, "at" timestamptz not null, constraint "event_log_pkey" primary key ("id"));`);
    this.addSql(`create index "event_log_stream_seq_audience_kind_index" on "event_log" ("stream", "seq", "audience_kind");`);
    this.addSql(`alter table "event_log" add constraint "event_log_stream_seq_unique" unique ("stream", "seq");`);

    this.addSql(`create table "score_history" ("id" varchar(36) not null, "company_id" varchar(36) not null, "task_id" varchar(36) not null, "scored_by_id" varchar(36) null, "scored_by_name" varchar(120) not null, "reason" varchar(16) not null, "previous" jsonb null, "next" jsonb not null, "at" timestamptz not null, constraint "score_history_pkey" primary key ("id"));`);
    this.addSql(`create index "score_history_company_id_task_id_index" on "score_history" ("company_id", "task_id");`);

    this.addSql(`create table "stream_sequences" ("stream" varchar(36) not null, "last_seq" int not null, constraint "stream_sequences_pkey" primary key ("stream"));`);

    this.addSql(`create table "users" ("id" varchar(36) not null, "name" varchar(120) not null, "email" varchar(254) not null, "password_hash" varchar(255) not null, "role" varchar(16) not null, "department" varchar(120) not null default '', "phone_number" varchar(40) not null default '', "company_id" varchar(36) null, "is_active" boolean not null default true, "must_change_password" boolean not null default false, "token_version" int not null default 0, "created_at" timestamptz not null, constraint "users_pkey" primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_company_id_role_index" on "users" ("company_id", "role");`);

    this.addSql(`create table "tasks" ("id" varchar(36) not null, "company_id" varchar(36) not null, "assigned_to_id" varchar(36) not null, "title" varchar(200) not null, "description" text not null, "deadline" timestamptz not null, "priority" varchar(16) not null default 'medium', "report_link" varchar(2048) not null, "status" varchar(16) not null default 'pending', "submission_content" text null, "submitted_at" timestamptz null, "quality_score" double precision null, "time_score" double precision null, "initiative_score" double precision null, "total_score" double precision null, "feedback" text null, "scored_at" timestamptz null, "scored_by_id" varchar(36) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tasks_pkey" primary key ("id"));`);
    this.addSql(`create index "tasks_assigned_to_id_created_at_index" on "tasks" ("assigned_to_id", "created_at");`);
    this.addSql(`create index "tasks_company_id_status_index" on "tasks" ("company_id", "status");`);
    this.addSql(`create index "tasks_company_id_scored_at_index" on "tasks" ("company_id", "scored_at");`);
    this.addSql(`create index "tasks_scored_by_id_index" on "tasks" ("scored_by_id");`);

    this.addSql(`create table "task_comments" ("id" varchar(36) not null, "task_id" varchar(36) not null, "author_id" varchar(36) null, "author_name" varchar(120) not null, "role" varchar(16) not null, "text" text not null, "created_at" timestamptz not null, constraint "task_comments_pkey" primary key ("id"));`);
    this.addSql(`create index "task_comments_task_id_index" on "task_comments" ("task_id");`);
    this.addSql(`create index "task_comments_author_id_index" on "task_comments" ("author_id");`);

    this.addSql(`create table "notifications" ("id" varchar(36) not null, "user_id" varchar(36) not null, "kind" varchar(32) not null, "title" varchar(200) not null, "body" varchar(500) not null, "link" varchar(200) not null, "read_at" timestamptz null, "created_at" timestamptz not null, constraint "notifications_pkey" primary key ("id"));`);
    this.addSql(`create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`);
    this.addSql(`create index "notifications_user_id_read_at_index" on "notifications" ("user_id", "read_at");`);

    this.addSql(`create table "announcements" ("id" varchar(36) not null, "company_id" varchar(36) not null, "author_id" varchar(36) null, "author_name" varchar(120) not null, "title" varchar(200) not null, "content" text not null, "priority" varchar(16) not null default 'medium', "is_pinned" boolean not null default false, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "announcements_pkey" primary key ("id"));`);
    this.addSql(`create index "announcements_company_id_is_pinned_created_at_index" on "announcements" ("company_id", "is_pinned", "created_at");`);
    this.addSql(`create index "announcements_author_id_index" on "announcements" ("author_id");`);

    this.addSql(`create table "user_badges" ("id" varchar(36) not null, "user_id" varchar(36) not null, "badge_id" varchar(36) not null, "company_id" varchar(36) not null, "period" varchar(60) not null, "reason" varchar(2000) null, "awarded_at" timestamptz not null, constraint "user_badges_pkey" primary key ("id"));`);
    this.addSql(`create index "user_badges_company_id_awarded_at_index" on "user_badges" ("company_id", "awarded_at");`);
    this.addSql(`alter table "user_badges" add constraint "user_badges_user_id_badge_id_period_unique" unique ("user_id", "badge_id", "period");`);
    this.addSql(`create index "user_badges_badge_id_index" on "user_badges" ("badge_id");`);

    this.addSql(`alter table "users" add constraint "users_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tasks" add constraint "tasks_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tasks" add constraint "tasks_assigned_to_id_foreign" foreign key ("assigned_to_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tasks" add constraint "tasks_scored_by_id_foreign" foreign key ("scored_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "task_comments" add constraint "task_comments_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "task_comments" add constraint "task_comments_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "announcements" add constraint "announcements_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "announcements" add constraint "announcements_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "user_badges" add constraint "user_badges_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_badges" add constraint "user_badges_badge_id_foreign" foreign key ("badge_id") references "badges" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_badges" add constraint "user_badges_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
  }
}
