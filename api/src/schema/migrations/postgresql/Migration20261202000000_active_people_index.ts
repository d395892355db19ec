import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL twin of ../Migration20261202000000_active_people_index. */
export class Migration20261202000000_active_people_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "users_company_id_role_is_active_index" on "users" ("company_id", "role", "is_active");`);
    this.addSql(`drop index "users_company_id_role_index";`);
  }
}
