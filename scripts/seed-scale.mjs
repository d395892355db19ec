#!/usr/bin/env node
// Usage: npm run seed:scale [-- --companies 10 --executives 1000 --scored 200000 --force]
//
// Fills the configured database (DATABASE_URL, default sqlite:./data/kpi.sqlite) with scale data through the
// BUILT api (api/dist: run `npm run build` first): its migrations, its password hashing, its ORM connection.
// Default: 10 companies, each with an admin and 1,000 executives (10,000 executives), 200,000 scored tasks
// spread over the last 12 months (20 per executive) plus open and submitted ones (1 in 10 more), period
// badges and announcements. Rows go in as multi-row INSERTs inside one transaction (one statement per row is
// several times slower), made and inserted a company at a time (100 companies need no more memory than one).
// Every login shares one password, printed at the end.
//
// Aggregates hook: rows inserted here bypass any per-user/per-period aggregates maintained at scoring time.
// The score aggregates the api keeps at scoring time (docs/aggregates.md) are rebuilt after the inserts with the
// built api's own `rebuildAllScoreAggregates`, so leaderboards and statistics match the tasks.

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'api', 'dist');
const require = createRequire(join(ROOT, 'api', 'package.json'));

export const SCALE_PASSWORD = 'scale-pass-2026';
const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const AGGREGATES_MODULE = 'modules/stats/score-aggregates.repository.js';

function flag(argv, name, fallback) {
  const i = argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

/** A small deterministic generator, so two runs make the same shape of data. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEPARTMENTS = ['Sales', 'Operations', 'Marketing', 'Customer Success', 'Finance', 'Product'];
const TITLES = ['Quarterly pipeline review', 'Client renewal plan', 'Regional sales report', 'Onboarding checklist update', 'Vendor cost analysis', 'Campaign results summary', 'Churn risk follow-up', 'Partner meeting notes'];
const FEEDBACK = ['Clear and complete.', 'Good work, a little late.', 'Solid analysis; add sources next time.', 'Excellent initiative.', 'Needs more detail on next steps.'];

/**
 * Ids in insertion order (UUID version 7: the run's start time, then a counter where the random bits go), so rows
 * land at the end of every index keyed by an id instead of all over it: at 2,000,000 tasks, random ids made most
 * of the seed's time page shuffling.
 */
function orderedIds(startMs = Date.now()) {
  const time = startMs.toString(16).padStart(12, '0');
  let counter = 0n;
  return () => {
    const n = counter++;
    const high = ((n >> 62n) & 0xfffn).toString(16).padStart(3, '0');
    const low = ((n & 0x3fffffffffffffffn) | 0x8000000000000000n).toString(16);
    return `${time.slice(0, 8)}-${time.slice(8)}-7${high}-${low.slice(0, 4)}-${low.slice(4)}`;
  };
}

/** Each table's columns, in the order its rows are made below. */
const COLUMNS = {
  companies: ['id', 'name', 'industry', 'description', 'time_zone', 'created_at'],
  users: ['id', 'name', 'email', 'password_hash', 'role', 'department', 'phone_number', 'company_id', 'is_active', 'must_change_password', 'token_version', 'created_at'],
  tasks: ['id', 'company_id', 'assigned_to_id', 'title', 'description', 'deadline', 'priority', 'report_link', 'status', 'submission_content', 'submitted_at', 'quality_score', 'time_score', 'initiative_score', 'total_score', 'feedback', 'scored_at', 'scored_by_id', 'created_at', 'updated_at'],
  user_badges: ['id', 'user_id', 'badge_id', 'company_id', 'period', 'reason', 'awarded_at'],
  announcements: ['id', 'company_id', 'author_id', 'author_name', 'title', 'content', 'priority', 'is_pinned', 'expires_at', 'created_at', 'updated_at'],
};

/**
 * Inserts `rows` (arrays in `columns` order) into `table` in multi-row statements sized under SQLite's
 * variable limit.
 */
async function insertRows(exec, table, columns, rows) {
  const perStatement = Math.max(1, Math.floor(30000 / columns.length));
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    await exec(head + chunk.map(() => tuple).join(', '), chunk.flat());
  }
}

export async function seedScale({ companies = 10, executives = 1000, scored = 200000, force = false, log = console.log } = {}) {
  if (!existsSync(join(DIST, 'main.js'))) throw new Error('api/dist not found: run `npm run build` first');
  require('reflect-metadata');
  const { MikroORM } = require('@mikro-orm/core');
  const { loadConfig } = require(join(DIST, 'config', 'env.js'));
  const { ormOptions } = require(join(DIST, 'schema', 'orm-options.js'));
  const { hashPassword } = require(join(DIST, 'common', 'auth', 'passwords.js'));
  const { timeScoreFor, totalScoreFor } = require('@kpi/contracts');

  const started = performance.now();
  const config = loadConfig();
  const orm = await MikroORM.init(ormOptions({ ...config, logLevel: 'error' }));
  try {
    await orm.getMigrator().up();
    const platform = orm.em.getPlatform();
    const date = (ms) => platform.processDateProperty(new Date(ms));
    const bool = (b) => (config.database.driver === 'sqlite' ? (b ? 1 : 0) : b);
    const [{ n: existing }] = await orm.em.getConnection().execute('select count(*) as n from "companies"');
    if (Number(existing) > 0 && !force) throw new Error(`the database already holds ${existing} companies; pass --force to add scale data anyway`);

    const id = orderedIds();
    const passwordHash = await hashPassword(SCALE_PASSWORD);
    const random = mulberry32(20261126);
    const between = (lo, hi) => lo + random() * (hi - lo);
    const score = (center) => Math.round(Math.min(10, Math.max(1, center + between(-2, 2))) * 2) / 2;
    const now = Date.now();
    // Added with --force to a database that already has data: a suffix keeps the e-mails unique.
    const tag = Number(existing) > 0 ? `-${Math.floor(now / 1000).toString(36)}` : '';

    const perExec = Math.ceil(scored / (companies * executives));
    const openTotal = Math.ceil(scored / 10);
    const counts = { users: 0, scored: 0, open: 0, badges: 0, announcements: 0 };
    const logins = [];

    /** One company's rows: made and inserted a company at a time, so 100 companies take no more memory than one. */
    const companyRows = (c) => {
      const companyId = id();
      const createdAt = now - 400 * DAY;
      const rows = { companies: [], users: [], tasks: [], user_badges: [], announcements: [] };
      rows.companies.push([companyId, `Scale Co ${c + 1}`, 'Benchmarks', `Scale data company ${c + 1} (${executives} executives).`, 'UTC', date(createdAt)]);
      const domain = `scale${c + 1}${tag}.test`;
      const adminId = id();
      const adminName = `Scale Admin ${c + 1}`;
      rows.users.push([adminId, adminName, `admin@${domain}`, passwordHash, 'admin', 'Operations', '+1 555 0100', companyId, bool(true), bool(false), 0, date(createdAt)]);
      logins.push({ role: 'admin', email: `admin@${domain}`, company: `Scale Co ${c + 1}` });
      const execs = [];
      for (let e = 0; e < executives; e++) {
        const userId = id();
        const email = `exec${e + 1}@${domain}`;
        rows.users.push([userId, `Executive ${c + 1}-${e + 1}`, email, passwordHash, 'executive', DEPARTMENTS[e % DEPARTMENTS.length], `+1 555 ${String(e).padStart(4, '0')}`, companyId, bool(true), bool(false), 0, date(createdAt)]);
        execs.push({ userId, skill: between(5, 9) });
        if (e === 0) logins.push({ role: 'executive', email, company: `Scale Co ${c + 1}` });
      }
      for (let a = 0; a < 20; a++) {
        const at = now - between(0, 365) * DAY;
        rows.announcements.push([id(), companyId, adminId, adminName, `Update ${a + 1}`, 'Monthly targets and reminders for the whole team.', ['low', 'medium', 'high'][a % 3], bool(a < 2), null, date(at), date(at)]);
      }
      // Scored tasks: spread evenly over executives, at uniform instants over the last 365 days.
      const monthlyBest = new Map();
      for (const exec of execs) {
        for (let k = 0; k < perExec && counts.scored < scored; k++, counts.scored++) {
          const made = counts.scored;
          const scoredAt = now - HOUR - between(0, 365) * DAY;
          const submittedAt = scoredAt - between(0.2, 3) * DAY;
          const taskCreatedAt = submittedAt - between(1, 10) * DAY;
          const deadline = taskCreatedAt + between(3, 14) * DAY;
          const quality = score(exec.skill);
          const initiative = score(exec.skill - 0.5);
          const timeScore = timeScoreFor(new Date(submittedAt), new Date(deadline));
          const total = totalScoreFor(quality, timeScore, initiative);
          rows.tasks.push([id(), companyId, exec.userId, TITLES[made % TITLES.length], 'Prepare and submit the report described in the brief.', date(deadline), ['low', 'medium', 'high'][made % 3], 'https://reports.example.com/scale', 'completed', 'Report attached.', date(submittedAt), quality, timeScore, initiative, total, FEEDBACK[made % FEEDBACK.length], date(scoredAt), adminId, date(taskCreatedAt), date(scoredAt)]);
          const month = new Date(scoredAt).toISOString().slice(0, 7);
          const best = monthlyBest.get(month);
          if (!best || total > best.total) monthlyBest.set(month, { total, userId: exec.userId, at: scoredAt });
        }
      }
      // Open and submitted tasks: one in ten more, shared out over the companies, round-robin over each one's
      // executives, alternating pending / in-progress / submitted.
      const open = Math.floor((openTotal * (c + 1)) / companies) - Math.floor((openTotal * c) / companies);
      for (let k = 0; k < open; k++, counts.open++) {
        const exec = execs[k % execs.length];
        const taskCreatedAt = now - between(0, 20) * DAY;
        const deadline = taskCreatedAt + between(3, 21) * DAY;
        const status = ['pending', 'in-progress', 'submitted'][counts.open % 3];
        const submittedAt = status === 'submitted' ? Math.min(now - HOUR, taskCreatedAt + between(0.5, 3) * DAY) : null;
        rows.tasks.push([id(), companyId, exec.userId, TITLES[k % TITLES.length], 'Prepare and submit the report described in the brief.', date(deadline), ['low', 'medium', 'high'][k % 3], 'https://reports.example.com/scale', status, submittedAt ? 'Report attached.' : null, submittedAt ? date(submittedAt) : null, null, null, null, null, null, null, null, date(taskCreatedAt), date(submittedAt ?? taskCreatedAt)]);
      }
      // Badges: each executive's first task, and each month's best scorer a Top Performer.
      for (const exec of execs) rows.user_badges.push([id(), exec.userId, 'first-task', companyId, 'all-time', 'Completed a first task', date(now - 360 * DAY)]);
      for (const [month, b] of monthlyBest) rows.user_badges.push([id(), b.userId, 'top-performer', companyId, month, `Best total in ${month}`, date(b.at)]);
      counts.users += rows.users.length;
      counts.badges += rows.user_badges.length;
      counts.announcements += rows.announcements.length;
      return rows;
    };

    let generating = 0;
    const prepared = performance.now();
    await orm.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      const ctx = em.getTransactionContext();
      const exec = (sql, params) => conn.execute(sql, params, 'run', ctx);
      // The indexes' pages stay in memory while rows with random ids land all over them (1 GiB at most, freed on close).
      if (config.database.driver === 'sqlite') await exec('pragma cache_size = -1048576', []);
      for (let c = 0; c < companies; c++) {
        const t0 = performance.now();
        const rows = companyRows(c);
        generating += performance.now() - t0;
        for (const [table, tableRows] of Object.entries(rows)) await insertRows(exec, table, COLUMNS[table], tableRows);
      }
    });
    const inserted = performance.now();
    const rebuilt = await rebuildAggregates(orm);
    const rebuiltAt = performance.now();
    // Fresh statistics for the planner. On PostgreSQL also a vacuum: autovacuum would get to the new rows within
    // minutes, and until then no index-only scan (the visibility map is empty) and plans guessed from empty tables.
    await orm.em.getConnection().execute(config.database.driver === 'sqlite' ? 'analyze' : 'vacuum analyze');

    const analysed = performance.now();
    log(`seed:scale: ${companies} companies, ${counts.users} executives and admins, ${counts.scored} scored + ${counts.open} open/submitted tasks, ${counts.badges} badges, ${counts.announcements} announcements`);
    const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
    log(`  generated in ${secs(generating)}, inserted in ${secs(inserted - prepared - generating)}, aggregates rebuilt by ${rebuilt} in ${secs(rebuiltAt - inserted)}, analysed in ${secs(analysed - rebuiltAt)}, total ${secs(performance.now() - started)}`);
    return { logins, password: SCALE_PASSWORD, seconds: (performance.now() - started) / 1000 };
  } finally {
    await orm.close(true);
  }
}

/** Recounts the score aggregates from the inserted tasks, as the migration that introduced them does. */
async function rebuildAggregates(orm) {
  const { rebuildAllScoreAggregates } = require(join(DIST, AGGREGATES_MODULE));
  await orm.em.fork().transactional((em) =>
    rebuildAllScoreAggregates((sql, params) => em.execute(sql, params ?? []), (d) => em.getPlatform().processDateProperty(d)),
  );
  return AGGREGATES_MODULE;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log('Usage: npm run seed:scale [-- --companies 10 --executives 1000 --scored 200000 --force]   (DATABASE_URL picks the database)');
    process.exit(0);
  }
  try {
    const result = await seedScale({
      companies: flag(argv, 'companies', 10),
      executives: flag(argv, 'executives', 1000),
      scored: flag(argv, 'scored', 200000),
      force: argv.includes('--force'),
    });
    console.log(`\nLogins (password for all: ${result.password}):`);
    for (const l of result.logins) console.log(`  ${l.role.padEnd(10)} ${l.email.padEnd(36)} ${l.company}`);
    console.log('  (every executive: exec1..execN at the company\'s domain)');
  } catch (err) {
    console.error(`seed:scale failed: ${err.message}`);
    process.exit(1);
  }
}
