import { Migration } from '@mikro-orm/migrations';

/**
 * The (company, role) index of users gains `is_active`: counting a company's active executives (every ranking's
 * "of N", each live top 10) then reads the index alone instead of each user's row (docs/benchmarks.md).
 */
export class Migration20261202000000_active_people_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index \`users_company_id_role_is_active_index\` on \`users\` (\`company_id\`, \`role\`, \`is_active\`);`);
    this.addSql(`drop index \`users_company_id_role_index\`;`);
  }
}
