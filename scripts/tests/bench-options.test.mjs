import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseScenarios, deploymentLabel, parseArgs } from '../bench/lib/options.mjs';
import { numbered } from '../bench/lib/db.mjs';
import { siteFor } from '../bench/lib/nginx.mjs';
import { SCENARIOS } from '../bench/scenarios/index.mjs';

const parse = (...argv) => parseArgs(argv, SCENARIOS);
const names = (options) => chooseScenarios(SCENARIOS, options).map(({ scenario, skip }) => (skip ? `-${scenario.name}` : scenario.name));

test('the bench runs on SQLite, one node, unless told otherwise', () => {
  const options = parse();
  assert.equal(options.database, 'sqlite');
  assert.equal(options.nodes, 1);
  assert.equal(deploymentLabel(options), 'SQLite, one node');
  assert.ok(names(options).every((n) => !n.startsWith('-')), 'nothing is skipped on SQLite');
});

test('--database postgres runs every default scenario but those tied to the embedded deployment, which it names as skipped', () => {
  const options = parse('--database', 'postgres', '--rounds', '2');
  assert.equal(deploymentLabel(options), 'PostgreSQL, one node');
  assert.equal(options.rounds, 2);
  const chosen = names(options);
  assert.ok(chosen.includes('leaderboard-monthly') && chosen.includes('kpi') && chosen.includes('score-event'));
  assert.ok(chosen.includes('-restart') && chosen.includes('-login-page'));
  const reason = chooseScenarios(SCENARIOS, options).find((c) => c.scenario.name === 'restart').skip;
  assert.match(reason, /SQLite/);
});

test('--nodes 2 needs PostgreSQL and runs the scenarios where a second node changes the figure', () => {
  assert.throws(() => parse('--nodes', '2'), /--nodes 2 needs --database postgres/);
  assert.throws(() => parse('--database', 'postgres', '--nodes', '3'), /--nodes is 1 or 2/);
  const options = parse('--database', 'postgres', '--nodes', '2', '--only', 'score-event,kpi');
  assert.equal(deploymentLabel(options), 'PostgreSQL + Redis, two nodes behind nginx');
  assert.deepEqual(names(options), ['-kpi', 'score-event']);
});

test('bad flags and values are refused with their name', () => {
  assert.throws(() => parse('--database', 'mysql'), /--database is one of sqlite, postgres/);
  assert.throws(() => parse('--postgres-url', 'mysql://x'), /--postgres-url needs a URL/);
  assert.throws(() => parse('--only', 'nope'), /unknown scenario nope/);
  assert.throws(() => parse('--frobnicate'), /unknown argument --frobnicate/);
  assert.equal(parse('--help').help, true);
});

test("the raw SQL floor's statements are written once: ? becomes $n on PostgreSQL", () => {
  assert.equal(numbered('select * from t where a = ? and b in (?, ?)'), 'select * from t where a = $1 and b in ($2, $3)');
});

test("two nodes run the project's nginx site with only its upstreams and listen address replaced", () => {
  const site = 'upstream kpi_api {\n  server 10.0.0.1:3000 max_fails=1 fail_timeout=2s;\n  server 10.0.0.2:3000 max_fails=1 fail_timeout=2s;\n  keepalive 16;\n}\nserver {\n  listen 80;\n  location / { proxy_pass http://kpi_api; }\n}\n';
  const out = siteFor(site, [4001, 4002], 5000);
  assert.match(out, /server 127\.0\.0\.1:4001 max_fails=1 fail_timeout=2s;\n\s+server 127\.0\.0\.1:4002 max_fails=1 fail_timeout=2s;/);
  assert.match(out, /listen 127\.0\.0\.1:5000;/);
  assert.doesNotMatch(out, /10\.0\.0\./);
  assert.match(out, /keepalive 16;/);
});

test('--sockets sets how many app sockets the socket scenarios hold, spread evenly over the companies', () => {
  assert.equal(parse().sockets, 1000);
  assert.equal(parse('--sockets', '10000').sockets, 10000);
  assert.throws(() => parse('--sockets', '1005'), /--sockets must be a multiple of --companies \(10\) and at most 10000/);
  assert.throws(() => parse('--sockets', '20000'), /at most 10000/);
  assert.equal(parse('--companies', '100', '--sockets', '10000').sockets, 10000);
});
