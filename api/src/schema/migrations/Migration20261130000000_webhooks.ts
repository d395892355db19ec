import { Migration } from '@mikro-orm/migrations';

/** Webhook endpoints, their delivery cursor and lease, and the log of delivery attempts (docs/webhooks.md). */
export class Migration20261130000000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`webhook_endpoints\` (\`id\` text not null, \`company_id\` text not null, \`url\` text not null, \`kind\` text not null, \`description\` text not null default '', \`event_types\` json not null, \`active\` integer not null default true, \`paused_reason\` text null, \`secret_enc\` text null, \`previous_secret_enc\` text null, \`previous_secret_until\` datetime null, \`delivered_seq\` integer not null default 0, \`failures\` integer not null default 0, \`failing_since\` datetime null, \`next_attempt_at\` datetime null, \`lease_owner\` text null, \`lease_until\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`webhook_endpoints_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`webhook_endpoints_company_id_created_at_id_index\` on \`webhook_endpoints\` (\`company_id\`, \`created_at\`, \`id\`);`);
    this.addSql(`create index \`webhook_endpoints_active_index\` on \`webhook_endpoints\` (\`active\`);`);
    this.addSql(
      `create table \`webhook_attempts\` (\`id\` text not null, \`endpoint_id\` text not null, \`company_id\` text not null, \`event_id\` text not null, \`seq\` integer null, \`event_type\` text not null, \`trigger\` text not null, \`attempt\` integer not null, \`succeeded\` integer not null, \`status_code\` integer null, \`duration_ms\` integer not null, \`response\` text not null default '', \`error\` text null, \`at\` datetime not null, constraint \`webhook_attempts_endpoint_id_foreign\` foreign key(\`endpoint_id\`) references \`webhook_endpoints\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`webhook_attempts_endpoint_id_at_id_index\` on \`webhook_attempts\` (\`endpoint_id\`, \`at\`, \`id\`);`);
    this.addSql(`create index \`webhook_attempts_at_index\` on \`webhook_attempts\` (\`at\`);`);
  }
}
