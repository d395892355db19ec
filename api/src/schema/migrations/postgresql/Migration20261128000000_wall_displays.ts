import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL twin of ../Migration20261128000000_wall_displays (docs/wall-display.md). */
export class Migration20261128000000_wall_displays extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "wall_displays" ("id" varchar(36) not null, "company_id" varchar(36) not null, "name" varchar(120) not null, "created_by_id" varchar(36) null, "created_at" timestamptz not null, "revoked_at" timestamptz null, "last_seen_at" timestamptz null, constraint "wall_displays_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "wall_displays_company_id_revoked_at_index" on "wall_displays" ("company_id", "revoked_at");`);

    this.addSql(
      `create table "wall_pairings" ("id" varchar(36) not null, "code" varchar(16) not null, "secret_hash" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, "display_id" varchar(36) null, "claimed_at" timestamptz null, constraint "wall_pairings_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "wall_pairings" add constraint "wall_pairings_code_unique" unique ("code");`);
    this.addSql(`create index "wall_pairings_expires_at_index" on "wall_pairings" ("expires_at");`);
    this.addSql(`create index "wall_pairings_display_id_index" on "wall_pairings" ("display_id");`);

    this.addSql(
      `alter table "wall_displays" add constraint "wall_displays_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "wall_pairings" add constraint "wall_pairings_display_id_foreign" foreign key ("display_id") references "wall_displays" ("id") on update cascade on delete cascade;`,
    );
  }
}
