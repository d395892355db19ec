/** Percentiles, medians and spreads of number samples (milliseconds or rates). */

export function percentile(samples, p) {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (samples) => percentile(samples, 50);

/** The median of per-round figures and their spread (min..max), for the table. */
export function acrossRounds(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), rounds: values };
}
