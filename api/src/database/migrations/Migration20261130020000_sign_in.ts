import { Migration } from '@mikro-orm/migrations';

/** Invitation and password-reset links (docs/invitations.md). */
export class Migration20261130020000_sign_in extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`password_links\` (\`id\` text not null, \`user_id\` text not null, \`purpose\` text not null, \`token_hash\` text not null, \`expires_at\` datetime not null, \`used_at\` datetime null, \`revoked_at\` datetime null, \`created_at\` datetime not null, constraint \`password_links_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`password_links_user_id_index\` on \`password_links\` (\`user_id\`);`);
    this.addSql(`create unique index \`password_links_token_hash_unique\` on \`password_links\` (\`token_hash\`);`);
    this.addSql(`create index \`password_links_user_id_purpose_index\` on \`password_links\` (\`user_id\`, \`purpose\`);`);
  }
}
