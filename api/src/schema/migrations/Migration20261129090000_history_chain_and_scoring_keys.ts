import { Migration } from '@mikro-orm/migrations';

/**
 * Tamper-evident score history (each row hashes its content and the previous row of its company) and the
 * idempotency keys of scorings (docs/security.md). Rows written before this migration stay unchained.
 */
export class Migration20261129090000_history_chain_and_scoring_keys extends Migration {
  override async up(): Promise<void> {
    // History rows of companies deleted before history was deleted with its company.
    this.addSql(`delete from \`score_history\` where \`company_id\` not in (select \`id\` from \`companies\`);`);
    this.addSql(`alter table \`score_history\` add column \`chain_seq\` integer null;`);
    this.addSql(`alter table \`score_history\` add column \`prev_hash\` text null;`);
    this.addSql(`alter table \`score_history\` add column \`hash\` text null;`);
    this.addSql(`create unique index \`score_history_company_id_chain_seq_unique\` on \`score_history\` (\`company_id\`, \`chain_seq\`);`);

    this.addSql(
      `create table \`scoring_keys\` (\`company_id\` text not null, \`key\` text not null, \`task_id\` text not null, \`created_at\` datetime not null, primary key (\`company_id\`, \`key\`));`,
    );
    this.addSql(`create index \`scoring_keys_created_at_index\` on \`scoring_keys\` (\`created_at\`);`);
  }
}
