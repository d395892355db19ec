import { Migration } from '@mikro-orm/migrations';

/** Paged lists read an index range in their order (docs/paging.md). */
export class Migration20261129120000_list_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index \`tasks_company_id_created_at_index\` on \`tasks\` (\`company_id\`, \`created_at\`);`);
    this.addSql(`create index \`users_company_id_created_at_index\` on \`users\` (\`company_id\`, \`created_at\`);`);
  }
}
