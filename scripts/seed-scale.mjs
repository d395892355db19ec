#!/usr/bin/env node
// Usage: npm run seed:scale [-- --companies 10 --executives 1000 --scored 200000 --force]
//
// Fills the configured database (DATABASE_URL, default sqlite:./data/kpi.sqlite) with scale data through the
// BUILT api (api/dist: run `npm run build` first): its migrations, its password hashing, its ORM connection.
// Default: 10 companies, each with an admin and 1,000 executives (10,000 executives), 200,000 scored tasks
// spread over the last 12 months (20 per executive) plus open and submitted ones (1 in 10 more), period
// badges and announcements. Rows go in as multi-row INSERTs inside one transaction (one statement per row is
// several times slower). Every login shares one password, printed at the end.
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

const id = () => crypto.randomUUID();

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
  const { ormOptions } = require(join(DIST, 'config', 'mikro-orm.config.js'));
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

    const passwordHash = await hashPassword(SCALE_PASSWORD);
    const random = mulberry32(20261126);
    const between = (lo, hi) => lo + random() * (hi - lo);
    const score = (center) => Math.round(Math.min(10, Math.max(1, center + between(-2, 2))) * 2) / 2;
    const now = Date.now();
    // Added with --force to a database that already has data: a suffix keeps the e-mails unique.
    const tag = Number(existing) > 0 ? `-${Math.floor(now / 1000).toString(36)}` : '';

    const companyRows = [];
    const userRows = [];
    const taskRows = [];
    const badgeRows = [];
    const announcementRows = [];
    const logins = [];
    const people = [];
    for (let c = 0; c < companies; c++) {
      const companyId = id();
      const createdAt = now - 400 * DAY;
      companyRows.push([companyId, `Scale Co ${c + 1}`, 'Benchmarks', `Scale data company ${c + 1} (${executives} executives).`, 'UTC', date(createdAt)]);
      const domain = `scale${c + 1}${tag}.test`;
      const adminId = id();
      const adminEmail = `admin@${domain}`;
      userRows.push([adminId, `Scale Admin ${c + 1}`, adminEmail, passwordHash, 'admin', 'Operations', '+1 555 0100', companyId, bool(true), bool(false), 0, date(createdAt)]);
      logins.push({ role: 'admin', email: adminEmail, company: `Scale Co ${c + 1}` });
      const execs = [];
      for (let e = 0; e < executives; e++) {
        const userId = id();
        const email = `exec${e + 1}@${domain}`;
        userRows.push([userId, `Executive ${c + 1}-${e + 1}`, email, passwordHash, 'executive', DEPARTMENTS[e % DEPARTMENTS.length], `+1 555 ${String(e).padStart(4, '0')}`, companyId, bool(true), bool(false), 0, date(createdAt)]);
        execs.push({ userId, email, skill: between(5, 9) });
        if (e === 0) logins.push({ role: 'executive', email, company: `Scale Co ${c + 1}` });
      }
      people.push({ companyId, adminId, adminName: `Scale Admin ${c + 1}`, execs });
      for (let a = 0; a < 20; a++) {
        const at = now - between(0, 365) * DAY;
        announcementRows.push([id(), companyId, adminId, `Scale Admin ${c + 1}`, `Update ${a + 1}`, 'Monthly targets and reminders for the whole team.', ['low', 'medium', 'high'][a % 3], bool(a < 2), null, date(at), date(at)]);
      }
    }

    // Scored tasks: spread evenly over executives, at uniform instants over the last 365 days.
    const allExecs = people.flatMap((p) => p.execs.map((e) => ({ ...e, p })));
    const perExec = Math.ceil(scored / allExecs.length);
    const monthlyBest = new Map();
    let made = 0;
    for (const exec of allExecs) {
      for (let k = 0; k < perExec && made < scored; k++, made++) {
        const scoredAt = now - HOUR - between(0, 365) * DAY;
        const submittedAt = scoredAt - between(0.2, 3) * DAY;
        const createdAt = submittedAt - between(1, 10) * DAY;
        const deadline = createdAt + between(3, 14) * DAY;
        const quality = score(exec.skill);
        const initiative = score(exec.skill - 0.5);
        const timeScore = timeScoreFor(new Date(submittedAt), new Date(deadline));
        const total = totalScoreFor(quality, timeScore, initiative);
        taskRows.push([id(), exec.p.companyId, exec.userId, TITLES[made % TITLES.length], 'Prepare and submit the report described in the brief.', date(deadline), ['low', 'medium', 'high'][made % 3], 'https://reports.example.com/scale', 'completed', 'Report attached.', date(submittedAt), quality, timeScore, initiative, total, FEEDBACK[made % FEEDBACK.length], date(scoredAt), exec.p.adminId, date(createdAt), date(scoredAt)]);
        const month = new Date(scoredAt).toISOString().slice(0, 7);
        const key = `${exec.p.companyId}|${month}`;
        const best = monthlyBest.get(key);
        if (!best || total > best.total) monthlyBest.set(key, { total, userId: exec.userId, companyId: exec.p.companyId, month, at: scoredAt });
      }
    }
    // Open and submitted tasks: one in ten more, alternating pending / in-progress / submitted.
    const open = Math.ceil(scored / 10);
    for (let k = 0; k < open; k++) {
      const exec = allExecs[k % allExecs.length];
      const createdAt = now - between(0, 20) * DAY;
      const deadline = createdAt + between(3, 21) * DAY;
      const status = ['pending', 'in-progress', 'submitted'][k % 3];
      const submittedAt = status === 'submitted' ? Math.min(now - HOUR, createdAt + between(0.5, 3) * DAY) : null;
      taskRows.push([id(), exec.p.companyId, exec.userId, TITLES[k % TITLES.length], 'Prepare and submit the report described in the brief.', date(deadline), ['low', 'medium', 'high'][k % 3], 'https://reports.example.com/scale', status, submittedAt ? 'Report attached.' : null, submittedAt ? date(submittedAt) : null, null, null, null, null, null, null, null, date(createdAt), date(submittedAt ?? createdAt)]);
    }
    // Badges: each executive's first task, and each company-month's best scorer a Top Performer.
    for (const exec of allExecs) badgeRows.push([id(), exec.userId, 'first-task', exec.p.companyId, 'all-time', 'Completed a first task', date(now - 360 * DAY)]);
    for (const b of monthlyBest.values()) badgeRows.push([id(), b.userId, 'top-performer', b.companyId, b.month, `Best total in ${b.month}`, date(b.at)]);

    const prepared = performance.now();
    await orm.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      const ctx = em.getTransactionContext();
      const exec = (sql, params) => conn.execute(sql, params, 'run', ctx);
      await insertRows(exec, 'companies', ['id', 'name', 'industry', 'description', 'time_zone', 'created_at'], companyRows);
      await insertRows(exec, 'users', ['id', 'name', 'email', 'password_hash', 'role', 'department', 'phone_number', 'company_id', 'is_active', 'must_change_password', 'token_version', 'created_at'], userRows);
      await insertRows(exec, 'tasks', ['id', 'company_id', 'assigned_to_id', 'title', 'description', 'deadline', 'priority', 'report_link', 'status', 'submission_content', 'submitted_at', 'quality_score', 'time_score', 'initiative_score', 'total_score', 'feedback', 'scored_at', 'scored_by_id', 'created_at', 'updated_at'], taskRows);
      await insertRows(exec, 'user_badges', ['id', 'user_id', 'badge_id', 'company_id', 'period', 'reason', 'awarded_at'], badgeRows);
      await insertRows(exec, 'announcements', ['id', 'company_id', 'author_id', 'author_name', 'title', 'content', 'priority', 'is_pinned', 'expires_at', 'created_at', 'updated_at'], announcementRows);
    });
    const inserted = performance.now();

    const rebuilt = await rebuildAggregates(orm);
    if (config.database.driver === 'sqlite') await orm.em.getConnection().execute('analyze');

    log(`seed:scale: ${companies} companies, ${userRows.length - companies} executives and admins, ${scored} scored + ${open} open/submitted tasks, ${badgeRows.length} badges, ${announcementRows.length} announcements`);
    log(`  generated in ${((prepared - started) / 1000).toFixed(1)} s, inserted in ${((inserted - prepared) / 1000).toFixed(1)} s${rebuilt ? `, aggregates rebuilt by ${rebuilt}` : ''}, total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { logins, password: SCALE_PASSWORD, people, seconds: (performance.now() - started) / 1000 };
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
