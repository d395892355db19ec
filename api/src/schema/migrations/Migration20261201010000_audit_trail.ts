import { Migration } from '@mikro-orm/migrations';

/** The audit trail and its chains' heads (docs/audit.md). No foreign keys: entries outlive their subjects and companies. */
export class Migration20261201010000_audit_trail extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`audit_entries\` (\`id\` text not null, \`company_id\` text null, \`chain\` text not null, \`seq\` integer not null, \`at\` datetime not null, \`kind\` text not null, \`actor_id\` text null, \`actor_name\` text not null, \`actor_role\` text not null, \`subject_type\` text not null, \`subject_id\` text not null, \`subject_label\` text not null, \`changes\` json not null, \`request_id\` text null, \`prev_hash\` text not null, \`hash\` text not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`audit_entries_chain_seq_unique\` on \`audit_entries\` (\`chain\`, \`seq\`);`);
    this.addSql(`create index \`audit_entries_company_id_at_index\` on \`audit_entries\` (\`company_id\`, \`at\`);`);
    this.addSql(`create index \`audit_entries_actor_id_at_index\` on \`audit_entries\` (\`actor_id\`, \`at\`);`);
    this.addSql(`create index \`audit_entries_subject_id_index\` on \`audit_entries\` (\`subject_id\`);`);
    this.addSql(
      `create table \`audit_chains\` (\`chain\` text not null, \`seq\` integer not null, \`hash\` text not null, \`floor_seq\` integer not null default 0, \`floor_hash\` text not null, primary key (\`chain\`));`,
    );
  }
}
