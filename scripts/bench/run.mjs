#!/usr/bin/env node
// The benchmark harness: each scenario (scripts/bench/scenarios/*.mjs) next to a floor of our own measured in
// the same run (scripts/bench/floors/), floor and app alternating over several rounds; one table of medians
// with their spread [min–max] and the ratio app ÷ floor. Builds nothing: run `npm run build` first. Starts the
// built api on a fresh database (a SQLite file in a temporary folder, or with --database postgres a PostgreSQL
// database of its own; --nodes 2 two nodes behind nginx), fills it with `seed:scale` data, stops everything
// it started. Never fails on timing (targets are printed, not asserted). See docs/benchmarks.md.

import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createContext } from './lib/context.mjs';
import { stopAll } from './lib/process.mjs';
import { chooseScenarios, parseArgs, usage } from './lib/options.mjs';
import { machineTicks, stealPercent } from './lib/process-cpu.mjs';
import { formatTable } from './lib/table.mjs';
import { SCENARIOS } from './scenarios/index.mjs';

async function main() {
  const options = parseArgs(process.argv.slice(2), SCENARIOS);
  if (options.help) {
    console.log(usage(SCENARIOS));
    return true;
  }
  const ctx = createContext(options);
  const rows = [];
  const failures = [];
  const skipped = [];
  const steals = [];
  const started = performance.now();
  for (const { scenario, skip } of chooseScenarios(SCENARIOS, options)) {
    if (skip) {
      skipped.push({ scenario: scenario.name, reason: skip });
      ctx.log(`\n# ${scenario.name}: skipped on ${ctx.deployment}: ${skip}`);
      continue;
    }
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
    const report = { at: new Date().toISOString(), deployment: ctx.deployment, options, seconds, rows, failures, skipped, steals };
    const text = JSON.stringify(report, null, 2);
    if (options.jsonFile) writeFileSync(options.jsonFile, text);
    else console.log(text);
  }
  if (!options.json || options.jsonFile) {
    console.log(`\n## Results on ${ctx.deployment} (medians over rounds, [min–max]; ratio = app ÷ floor; ${seconds.toFixed(0)} s)\n`);
    console.log(formatTable(rows));
    if (skipped.length) console.log(`\nSkipped on ${ctx.deployment}: ${skipped.map((s) => `${s.scenario} (${s.reason})`).join('; ')}`);
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
