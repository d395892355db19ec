import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL twin of ../Migration20261201000000_imports (docs/imports.md). */
export class Migration20261201000000_imports extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "imports" ("id" varchar(36) not null, "company_id" varchar(36) not null, "kind" varchar(16) not null, "status" varchar(16) not null default 'running', "file_name" varchar(200) not null, "rows" int not null, "processed" int not null default 0, "created" int not null default 0, "updated" int not null default 0, "unchanged" int not null default 0, "deactivated" int not null default 0, "rejected" int not null default 0, "error" varchar(500) null, "created_by_id" varchar(36) not null, "created_by_name" varchar(120) not null, "created_by_role" varchar(16) not null, "created_at" timestamptz not null, "finished_at" timestamptz null, "leased_until" timestamptz null, constraint "imports_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "imports_company_id_created_at_index" on "imports" ("company_id", "created_at");`);
    this.addSql(`create index "imports_status_leased_until_index" on "imports" ("status", "leased_until");`);
    this.addSql(
      `alter table "imports" add constraint "imports_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "import_rows" ("job_id" varchar(36) not null, "position" int not null, "line" int not null, "cells" text not null, "outcome" varchar(16) null, "field" varchar(16) null, "reason" varchar(300) null, constraint "import_rows_pkey" primary key ("job_id", "position"));`,
    );
    this.addSql(
      `alter table "import_rows" add constraint "import_rows_job_id_foreign" foreign key ("job_id") references "imports" ("id") on update cascade on delete cascade;`,
    );
  }
}
