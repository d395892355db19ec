import { Migration } from '@mikro-orm/migrations';

/** Imports of people from CSV files and their rows (docs/imports.md). */
export class Migration20261201000000_imports extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`imports\` (\`id\` text not null, \`company_id\` text not null, \`kind\` text not null, \`status\` text not null, \`file_name\` text not null, \`rows\` integer not null, \`processed\` integer not null, \`created\` integer not null, \`updated\` integer not null, \`unchanged\` integer not null, \`deactivated\` integer not null, \`rejected\` integer not null, \`error\` text null, \`created_by_id\` text not null, \`created_by_name\` text not null, \`created_by_role\` text not null, \`created_at\` datetime not null, \`finished_at\` datetime null, \`leased_until\` datetime null, constraint \`imports_company_id_foreign\` foreign key(\`company_id\`) references \`companies\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`imports_company_id_created_at_index\` on \`imports\` (\`company_id\`, \`created_at\`);`);
    this.addSql(`create index \`imports_status_leased_until_index\` on \`imports\` (\`status\`, \`leased_until\`);`);
    this.addSql(
      `create table \`import_rows\` (\`job_id\` text not null, \`position\` integer not null, \`line\` integer not null, \`cells\` text not null, \`outcome\` text null, \`field\` text null, \`reason\` text null, constraint \`import_rows_job_id_foreign\` foreign key(\`job_id\`) references \`imports\`(\`id\`) on delete cascade on update cascade, primary key (\`job_id\`, \`position\`));`,
    );
  }
}
