import { acrossRounds } from './stats.mjs';

/**
 * Runs each side (e.g. { floor, app }) in turn for `rounds` rounds, in the given order on even rounds and
 * reversed on odd ones so no side always enjoys a warmer machine, and keeps every round's figure of each.
 */
export async function alternate(rounds, sides) {
  const names = Object.keys(sides);
  const results = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? names : [...names].reverse();
    for (const name of order) results[name].push(await sides[name](r));
  }
  return results;
}

/**
 * One line of the table. `app` and `floor` are per-round figures (or a single figure); the ratio is always
 * app ÷ floor, as in the issue.
 */
export function row({ scenario, metric, app, floor = null, floorName = '—', target = '—', note = '' }) {
  const a = acrossRounds([app].flat());
  const f = floor === null ? null : acrossRounds([floor].flat());
  return { scenario, metric, app: a, floor: f, floorName, ratio: f ? a.median / f.median : null, target, note };
}
