import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000000_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`badges\` (\`id\` text not null, \`icon\` text not null, \`name\` text not null, \`description\` text not null, \`criterion\` text not null, primary key (\`id\`));`);
    this.addSql(`create unique index \`badges_name_unique\` on \`badges\` (\`name\`);`);

    this.addSql(`create table \`companies\` (\`id\` text not null, \`name\` text not null, \`industry\` text not null, \`description\` text not null, \`time_zone\` text not null default 'UTC', \`created_at\` datetime not null, primary key (\`id\`));`);

    this.addSql(`create table \`event_log\` (\`id\` text not null, \`stream\` text not null, \`seq\` integer not null, \`type\` text not null, \`audience_kind\` text not null, \`audience_user_id\` text null, \`company_id\` text null, \`payload\` json not null, \`at\` datetime not null, primary key (\`id\`));`);
    this.addSql(`create index \`event_log_stream_seq_audience_kind_index\` on \`event_log\` (\`stream\`, \`seq\`, \`audience_kind\`);`);
    this.addSql(`create unique index \`event_log_stream_seq_unique\` on \`event_log\` (\`stream\`, \`seq\`);`);

    this.addSql(`create table \`score_history\` (\`id\` text not null, \`company_id\` text not null, \`task_id\` text not null, \`scored_by_id\` text null, \`scored_by_name\` text not null, \`reason\` text not null, \`previous\` json null, \`next\` json not null, \`at\` datetime not null, primary key (\`id\`));`);
    this.addSql(`create index \`score_history_company_id_task_id_index\` on \`score_history\` (\`company_id\`, \`task_id\`);`);

    this.addSql(`create table \`stream_sequences\` (\`stream\` text not null, \`last_seq\` integer not null, primary key (\`stream\`));`);

    this.addSql(`create table \`users\` (\`id\` text not null, \`name\` text not null, \`email\` text not null, \`password_hash\` text not null, \`role\` text not null, \`department\` text not null default '', \`phone_number\` text not null default '', \`company_id\` text null, \`is_active\` integer not null default true, \`must_change_password\` integer not null default false, \`token_version\` integer not null default 0, \`created_at\` datetime not null, constraint \`users_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`);
    this.addSql(`create unique index \`users_email_unique\` on \`users\` (\`email\`);`);
    this.addSql(`create index \`users_company_id_index\` on \`users\` (\`company_id\`);`);
    this.addSql(`create index \`users_company_id_role_index\` on \`users\` (\`company_id\`, \`role\`);`);

    this.addSql(`create table \`tasks\` (\`id\` text not null, \`company_id\` text not null, \`assigned_to_id\` text not null, \`title\` text not null, \`description\` text not null, \`deadline\` datetime not null, \`priority\` text not null default 'medium', \`report_link\` text not null, \`status\` text not null default 'pending', \`submission_content\` text null, \`submitted_at\` datetime null, \`quality_score\` double null, \`time_score\` double null, \`initiative_score\` double null, \`total_score\` double null, \`feedback\` text null, \`scored_at\` datetime null, \`scored_by_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`tasks_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, constraint \`tasks_assigned_to_id_foreign\` foreign key(\`assigned_to_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`tasks_scored_by_id_foreign\` foreign key(\`scored_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`);
    this.addSql(`create index \`tasks_company_id_index\` on \`tasks\` (\`company_id\`);`);
    this.addSql(`create index \`tasks_assigned_to_id_index\` on \`tasks\` (\`assigned_to_id\`);`);
    this.addSql(`create index \`tasks_scored_by_id_index\` on \`tasks\` (\`scored_by_id\`);`);
    this.addSql(`create index \`tasks_assigned_to_id_created_at_index\` on \`tasks\` (\`assigned_to_id\`, \`created_at\`);`);
    this.addSql(`create index \`tasks_company_id_status_index\` on \`tasks\` (\`company_id\`, \`status\`);`);
    this.addSql(`create index \`tasks_company_id_scored_at_index\` on \`tasks\` (\`company_id\`, \`scored_at\`);`);

    this.addSql(`create table \`task_comments\` (\`id\` text not null, \`task_id\` text not null, \`author_id\` text null, \`author_name\` text not null, \`role\` text not null, \`text\` text not null, \`created_at\` datetime not null, constraint \`task_comments_task_id_foreign\` foreign key(\`task_id\`) references \`tasks\`(\`id\`) on delete cascade on update cascade, constraint \`task_comments_author_id_foreign\` foreign key(\`author_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`);
    this.addSql(`create index \`task_comments_task_id_index\` on \`task_comments\` (\`task_id\`);`);
    this.addSql(`create index \`task_comments_author_id_index\` on \`task_comments\` (\`author_id\`);`);

    this.addSql(`create table \`notifications\` (\`id\` text not null, \`user_id\` text not null, \`kind\` text not null, \`title\` text not null, \`body\` text not null, \`link\` text not null, \`read_at\` datetime null, \`created_at\` datetime not null, constraint \`notifications_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`);
    this.addSql(`create index \`notifications_user_id_index\` on \`notifications\` (\`user_id\`);`);
    this.addSql(`create index \`notifications_user_id_created_at_index\` on \`notifications\` (\`user_id\`, \`created_at\`);`);
    this.addSql(`create index \`notifications_user_id_read_at_index\` on \`notifications\` (\`user_id\`, \`read_at\`);`);

    this.addSql(`create table \`announcements\` (\`id\` text not null, \`company_id\` text not null, \`author_id\` text null, \`author_name\` text not null, \`title\` text not null, \`content\` text not null, \`priority\` text not null default 'medium', \`is_pinned\` integer not null default false, \`expires_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`announcements_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, constraint \`announcements_author_id_foreign\` foreign key(\`author_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`);
    this.addSql(`create index \`announcements_company_id_index\` on \`announcements\` (\`company_id\`);`);
    this.addSql(`create index \`announcements_author_id_index\` on \`announcements\` (\`author_id\`);`);
    this.addSql(`create index \`announcements_company_id_is_pinned_created_at_index\` on \`announcements\` (\`company_id\`, \`is_pinned\`, \`created_at\`);`);

    this.addSql(`create table \`user_badges\` (\`id\` text not null, \`user_id\` text not null, \`badge_id\` text not null, \`company_id\` text not null, \`period\` text not null, \`reason\` text null, \`awarded_at\` datetime not null, constraint \`user_badges_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`user_badges_badge_id_foreign\` foreign key(\`badge_id\`) references \`badges\`(\`id\`) on delete cascade on update cascade, constraint \`user_badges_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`);
    this.addSql(`create index \`user_badges_user_id_index\` on \`user_badges\` (\`user_id\`);`);
    this.addSql(`create index \`user_badges_badge_id_index\` on \`user_badges\` (\`badge_id\`);`);
    this.addSql(`create index \`user_badges_company_id_index\` on \`user_badges\` (\`company_id\`);`);
    this.addSql(`create index \`user_badges_company_id_awarded_at_index\` on \`user_badges\` (\`company_id\`, \`awarded_at\`);`);
    this.addSql(`create unique index \`user_badges_user_id_badge_id_period_unique\` on \`user_badges\` (\`user_id\`, \`badge_id\`, \`period\`);`);
  }

}
