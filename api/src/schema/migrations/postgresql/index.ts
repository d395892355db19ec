import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261126000100_badge_catalogue } from '../Migration20261126000100_badge_catalogue';
import { Migration20261126000000_initial } from './Migration20261126000000_initial';
import { Migration20261126010000_announcement_expiry } from './Migration20261126010000_announcement_expiry';
import { Migration20261127000000_leaderboard_snapshots } from './Migration20261127000000_leaderboard_snapshots';
import { Migration20261128000000_wall_displays } from './Migration20261128000000_wall_displays';
import { Migration20261129000000_score_aggregates } from './Migration20261129000000_score_aggregates';
import { Migration20261129090000_history_chain_and_scoring_keys } from './Migration20261129090000_history_chain_and_scoring_keys';
import { Migration20261129120000_list_indexes } from './Migration20261129120000_list_indexes';
import { Migration20261130000000_webhooks } from './Migration20261130000000_webhooks';
import { Migration20261130010000_mail } from './Migration20261130010000_mail';
import { Migration20261130020000_sign_in } from './Migration20261130020000_sign_in';
import { Migration20261201000000_imports } from './Migration20261201000000_imports';
import { Migration20261201010000_audit_trail } from './Migration20261201010000_audit_trail';
import { Migration20261202000000_active_people_index } from './Migration20261202000000_active_people_index';

/**
 * The PostgreSQL migrations: one twin, with the same name, for each SQLite migration in ../index.ts (the two
 * lists must stay in step; a unit test checks the names). A migration written with the knex builder instead of
 * SQL, like the badge catalogue, is shared by both lists.
 */
export const MIGRATIONS_POSTGRESQL: MigrationObject[] = [
  { name: 'Migration20261126000000_initial', class: Migration20261126000000_initial },
  { name: 'Migration20261126000100_badge_catalogue', class: Migration20261126000100_badge_catalogue },
  { name: 'Migration20261126010000_announcement_expiry', class: Migration20261126010000_announcement_expiry },
  { name: 'Migration20261127000000_leaderboard_snapshots', class: Migration20261127000000_leaderboard_snapshots },
  { name: 'Migration20261128000000_wall_displays', class: Migration20261128000000_wall_displays },
  { name: 'Migration20261129000000_score_aggregates', class: Migration20261129000000_score_aggregates },
  { name: 'Migration20261129090000_history_chain_and_scoring_keys', class: Migration20261129090000_history_chain_and_scoring_keys },
  { name: 'Migration20261129120000_list_indexes', class: Migration20261129120000_list_indexes },
  { name: 'Migration20261130000000_webhooks', class: Migration20261130000000_webhooks },
  { name: 'Migration20261130010000_mail', class: Migration20261130010000_mail },
  { name: 'Migration20261130020000_sign_in', class: Migration20261130020000_sign_in },
  { name: 'Migration20261201000000_imports', class: Migration20261201000000_imports },
  { name: 'Migration20261201010000_audit_trail', class: Migration20261201010000_audit_trail },
  { name: 'Migration20261202000000_active_people_index', class: Migration20261202000000_active_people_index },
];
