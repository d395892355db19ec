/** Percentiles, medians and spreads of number samples (milliseconds or rates). */

export function percentile(samples, p) {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (samples) => percentile(samples, 50);

export function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return { n: sorted.length, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), mean, min: sorted[0], max: sorted[sorted.length - 1] };
}

/** The median of per-round figures and their spread (min..max), for the table. */
export function acrossRounds(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), rounds: values };
}
