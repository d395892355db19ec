import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL twin of ../Migration20261130020000_sign_in (docs/invitations.md). */
export class Migration20261130020000_sign_in extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "password_links" ("id" varchar(36) not null, "user_id" varchar(36) not null, "purpose" varchar(16) not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, constraint "password_links_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "password_links" add constraint "password_links_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "password_links_user_id_purpose_index" on "password_links" ("user_id", "purpose");`);
    this.addSql(
      `alter table "password_links" add constraint "password_links_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }
}
