import { Migration } from '@mikro-orm/migrations';

/** Invitation and password-reset links (docs/invitations.md); single sign-on per company (docs/single-sign-on.md). */
export class Migration20261130020000_sign_in extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`password_links\` (\`id\` text not null, \`user_id\` text not null, \`purpose\` text not null, \`token_hash\` text not null, \`expires_at\` datetime not null, \`used_at\` datetime null, \`revoked_at\` datetime null, \`created_at\` datetime not null, constraint \`password_links_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`password_links_user_id_index\` on \`password_links\` (\`user_id\`);`);
    this.addSql(`create unique index \`password_links_token_hash_unique\` on \`password_links\` (\`token_hash\`);`);
    this.addSql(`create index \`password_links_user_id_purpose_index\` on \`password_links\` (\`user_id\`, \`purpose\`);`);

    this.addSql(
      `create table \`company_sign_in\` (\`id\` text not null, \`company_id\` text not null, \`issuer\` text not null, \`client_id\` text not null, \`client_secret_sealed\` text not null, \`group_roles\` json not null, \`groups_claim\` text not null default 'groups', \`create_on_first_sign_in\` integer not null default false, \`sso_required\` integer not null default false, \`updated_at\` datetime not null, constraint \`company_sign_in_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`company_sign_in_company_id_index\` on \`company_sign_in\` (\`company_id\`);`);
    this.addSql(`create unique index \`company_sign_in_company_id_unique\` on \`company_sign_in\` (\`company_id\`);`);
    this.addSql(
      `create table \`sso_domains\` (\`domain\` text not null, \`company_id\` text not null, constraint \`sso_domains_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`domain\`));`,
    );
    this.addSql(`create index \`sso_domains_company_id_index\` on \`sso_domains\` (\`company_id\`);`);
  }
}
