#!/usr/bin/env node
// The benchmark harness: each scenario (scripts/bench/scenarios/*.mjs) next to a floor of our own measured in
// the same run (scripts/bench/floors/), floor and app alternating over several rounds; one table of medians
// with their spread [min–max] and the ratio app ÷ floor. Builds nothing: run `npm run build` first. Starts the
// built api on a fresh SQLite file in a temporary folder, fills it with `seed:scale` data, stops everything
// it started. Never fails on timing (targets are printed, not asserted). See docs/benchmarks.md.

import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createContext } from './lib/context.mjs';
import { stopAll } from './lib/process.mjs';
import { machineTicks, stealPercent } from './lib/process-cpu.mjs';
import { formatTable } from './lib/table.mjs';
import { SCENARIOS } from './scenarios/index.mjs';

const USAGE = `Usage: npm run bench [-- --only NAME[,NAME...]] [--json [FILE]] [--rounds 3] [--duration 3]
                       [--companies 10] [--executives 1000] [--scored 200000] [--soak-minutes 10]
Scenarios (default: all but the opt-in ones):
${SCENARIOS.map((s) => `  ${s.name.padEnd(20)} ${s.optIn ? '(opt-in) ' : ''}${s.title}`).join('\n')}`;

function parseArgs(argv) {
  const options = { only: null, json: false, jsonFile: null, rounds: 3, duration: 3, companies: 10, executives: 1000, scored: 200000, soakMinutes: 10 };
  const number = (name, v) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--json') {
      options.json = true;
      if (argv[i + 1] && !argv[i + 1].startsWith('--')) options.jsonFile = argv[++i];
    } else if (arg === '--rounds') options.rounds = Math.round(number('rounds', argv[++i]));
    else if (arg === '--duration') options.duration = number('duration', argv[++i]);
    else if (arg === '--companies') options.companies = Math.round(number('companies', argv[++i]));
    else if (arg === '--executives') options.executives = Math.round(number('executives', argv[++i]));
    else if (arg === '--scored') options.scored = Math.round(number('scored', argv[++i]));
    else if (arg === '--soak-minutes') options.soakMinutes = number('soak-minutes', argv[++i]);
    else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  if (options.only) {
    const unknown = options.only.filter((n) => !SCENARIOS.some((s) => s.name === n));
    if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}\n${USAGE}`);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const chosen = SCENARIOS.filter((s) => (options.only ? options.only.includes(s.name) : !s.optIn));
  const ctx = createContext(options);
  const rows = [];
  const failures = [];
  const steals = [];
  const started = performance.now();
  for (const scenario of chosen) {
    const t0 = performance.now();
    ctx.log(`\n# ${scenario.name}: ${scenario.title}`);
    const ticks = machineTicks();
    try {
      const produced = await scenario.run(ctx);
      rows.push(...produced);
      ctx.log(formatTable(produced));
    } catch (err) {
      failures.push({ scenario: scenario.name, error: err.message });
      console.error(`${scenario.name} failed: ${err.stack ?? err.message}`);
    }
    const steal = stealPercent(ticks, machineTicks());
    steals.push({ scenario: scenario.name, stealPercent: steal });
    ctx.log(`(${scenario.name} took ${((performance.now() - t0) / 1000).toFixed(1)} s${steal === null ? '' : `; the host took ${steal.toFixed(1)} % of this machine's CPU time meanwhile (steal)`})`);
  }
  const seconds = (performance.now() - started) / 1000;
  if (options.json) {
    const report = { at: new Date().toISOString(), options, seconds, rows, failures, steals };
    const text = JSON.stringify(report, null, 2);
    if (options.jsonFile) writeFileSync(options.jsonFile, text);
    else console.log(text);
  }
  if (!options.json || options.jsonFile) {
    console.log(`\n## Results (medians over rounds, [min–max]; ratio = app ÷ floor; ${seconds.toFixed(0)} s)\n`);
    console.log(formatTable(rows));
    if (failures.length) console.log(`\nFailed: ${failures.map((f) => `${f.scenario} (${f.error.split('\n')[0]})`).join('; ')}`);
  }
  return failures.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.error(`bench failed: ${err.message}`);
} finally {
  await stopAll();
}
process.exit(ok ? 0 : 1);
