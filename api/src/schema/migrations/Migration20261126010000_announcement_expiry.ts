import { Migration } from '@mikro-orm/migrations';

/** Remembers which expiries the announcements scheduler has published (see docs/announcements.md). */
export class Migration20261126010000_announcement_expiry extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`announcements\` add column \`expiry_published_at\` datetime null;`);
    this.addSql(
      `create index \`announcements_expiry_published_at_expires_at_index\` on \`announcements\` (\`expiry_published_at\`, \`expires_at\`);`,
    );
  }
}
