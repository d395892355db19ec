import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL twin of ../Migration20261130020000_sign_in (docs/invitations.md, docs/single-sign-on.md). */
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

    this.addSql(
      `create table "company_sign_in" ("id" varchar(36) not null, "company_id" varchar(36) not null, "issuer" varchar(500) not null, "client_id" varchar(255) not null, "client_secret_sealed" text not null, "group_roles" jsonb not null, "groups_claim" varchar(100) not null default 'groups', "create_on_first_sign_in" boolean not null default false, "sso_required" boolean not null default false, "updated_at" timestamptz not null, constraint "company_sign_in_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "company_sign_in" add constraint "company_sign_in_company_id_unique" unique ("company_id");`);
    this.addSql(`create table "sso_domains" ("domain" varchar(253) not null, "company_id" varchar(36) not null, constraint "sso_domains_pkey" primary key ("domain"));`);
    this.addSql(`create index "sso_domains_company_id_index" on "sso_domains" ("company_id");`);
    this.addSql(
      `alter table "company_sign_in" add constraint "company_sign_in_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sso_domains" add constraint "sso_domains_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
  }
}
