const num = (v) => (v === undefined || v === null || Number.isNaN(v) ? '—' : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
const figure = (f) => (f ? (f.rounds.length > 1 ? `${num(f.median)} [${num(f.min)}–${num(f.max)}]` : num(f.median)) : '—');

/** The one table: scenario, metric, app median [spread], floor median [spread], ratio app ÷ floor, target. */
export function formatTable(rows) {
  const head = ['scenario', 'metric', 'app', 'floor', 'floor is', 'app÷floor', 'target'];
  const lines = rows.map((r) => [r.scenario, r.metric, figure(r.app), figure(r.floor), r.floorName, r.ratio === null ? '—' : `${r.ratio >= 0.1 ? r.ratio.toFixed(2) : r.ratio.toPrecision(2)}×`, r.target]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const out = [fmt(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)];
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.scenario} (${r.metric}): ${r.note}`);
  return [...out, ...(notes.length ? ['', ...notes] : [])].join('\n');
}
