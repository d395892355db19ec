import { Migration } from '@mikro-orm/migrations';

/** Wall displays and their pairing codes (docs/wall-display.md). */
export class Migration20261128000000_wall_displays extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`wall_displays\` (\`id\` text not null, \`company_id\` text not null, \`name\` text not null, \`created_by_id\` text null, \`created_at\` datetime not null, \`revoked_at\` datetime null, \`last_seen_at\` datetime null, constraint \`wall_displays_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`wall_displays_company_id_index\` on \`wall_displays\` (\`company_id\`);`);
    this.addSql(`create index \`wall_displays_company_id_revoked_at_index\` on \`wall_displays\` (\`company_id\`, \`revoked_at\`);`);

    this.addSql(
      `create table \`wall_pairings\` (\`id\` text not null, \`code\` text not null, \`secret_hash\` text not null, \`expires_at\` datetime not null, \`created_at\` datetime not null, \`display_id\` text null, \`claimed_at\` datetime null, constraint \`wall_pairings_display_id_foreign\` foreign key(\`display_id\`) references \`wall_displays\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`wall_pairings_code_unique\` on \`wall_pairings\` (\`code\`);`);
    this.addSql(`create index \`wall_pairings_expires_at_index\` on \`wall_pairings\` (\`expires_at\`);`);
    this.addSql(`create index \`wall_pairings_display_id_index\` on \`wall_pairings\` (\`display_id\`);`);
  }
}
