import { Migration } from '@mikro-orm/migrations';

/** Email notifications (docs/notifications.md): the outbox cursor, the mail rows, preferences and deadline reminders. */
export class Migration20261130010000_mail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table \`outbox_cursors\` (\`consumer\` text not null, \`stream\` text not null, \`last_seq\` integer not null, primary key (\`consumer\`, \`stream\`));`);
    this.addSql(`create table \`mail_task_reminders\` (\`task_id\` text not null, \`kind\` text not null, \`deadline\` datetime not null, constraint \`mail_task_reminders_task_id_foreign\` foreign key(\`task_id\`) references \`tasks\`(\`id\`) on delete cascade on update cascade, primary key (\`task_id\`, \`kind\`));`);
    this.addSql(`create index \`mail_task_reminders_task_id_index\` on \`mail_task_reminders\` (\`task_id\`);`);
    this.addSql(`create table \`mail_preferences\` (\`user_id\` text not null, \`company_id\` text not null, \`modes\` json not null, \`digest_time\` text not null, \`last_digest_on\` text null, \`updated_at\` datetime not null, constraint \`mail_preferences_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`mail_preferences_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`user_id\`));`);
    this.addSql(`create index \`mail_preferences_company_id_index\` on \`mail_preferences\` (\`company_id\`);`);
    this.addSql(`create table \`mail_messages\` (\`id\` text not null, \`company_id\` text not null, \`user_id\` text not null, \`kind\` text not null, \`mode\` text not null, \`event_key\` text not null, \`payload\` json not null, \`status\` text not null, \`attempts\` integer not null default 0, \`next_attempt_at\` datetime not null, \`lease_owner\` text null, \`lease_until\` datetime null, \`digest_id\` text null, \`created_at\` datetime not null, \`sent_at\` datetime null, \`last_error\` text null, constraint \`mail_messages_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, constraint \`mail_messages_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`);
    this.addSql(`create index \`mail_messages_user_id_index\` on \`mail_messages\` (\`user_id\`);`);
    this.addSql(`create index \`mail_messages_company_id_index\` on \`mail_messages\` (\`company_id\`);`);
    this.addSql(`create index \`mail_messages_digest_id_index\` on \`mail_messages\` (\`digest_id\`);`);
    this.addSql(`create index \`mail_messages_user_id_mode_status_index\` on \`mail_messages\` (\`user_id\`, \`mode\`, \`status\`);`);
    this.addSql(`create index \`mail_messages_status_mode_next_attempt_at_index\` on \`mail_messages\` (\`status\`, \`mode\`, \`next_attempt_at\`);`);
    this.addSql(`create unique index \`mail_messages_event_key_user_id_kind_unique\` on \`mail_messages\` (\`event_key\`, \`user_id\`, \`kind\`);`);
    this.addSql(`create index \`tasks_deadline_status_index\` on \`tasks\` (\`deadline\`, \`status\`);`);
    // Mail starts from now: events already in the log were never meant for an inbox.
    this.addSql(`insert into \`outbox_cursors\` (\`consumer\`, \`stream\`, \`last_seq\`) select 'mail', \`stream\`, \`last_seq\` from \`stream_sequences\`;`);
  }
}
