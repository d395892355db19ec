import { HEALTH_THRESHOLDS } from '@kpi/contracts';

/** The system health indicators (docs/product.md#business-rules-and-constants): pure thresholds, each with its label and a tone to colour it. */
export type HealthTone = 'green' | 'amber' | 'red';
export interface HealthReading<K extends string> {
  key: K;
  label: string;
  tone: HealthTone;
}

export type ScoreHealth = 'good' | 'fair' | 'needs-attention';
export type CompletionHealth = 'high' | 'moderate' | 'low';
export type GrowthHealth = 'scaling' | 'growing' | 'early';

/** System average score: ≥ 7.5 good, ≥ 6 fair, else needs attention. */
export function scoreHealth(average: number): HealthReading<ScoreHealth> {
  if (average >= HEALTH_THRESHOLDS.score.good) return { key: 'good', label: 'Good', tone: 'green' };
  if (average >= HEALTH_THRESHOLDS.score.fair) return { key: 'fair', label: 'Fair', tone: 'amber' };
  return { key: 'needs-attention', label: 'Needs Attention', tone: 'red' };
}

/** Completion rate in percent: ≥ 80 high, ≥ 60 moderate, else low. */
export function completionHealth(ratePercent: number): HealthReading<CompletionHealth> {
  if (ratePercent >= HEALTH_THRESHOLDS.completion.high) return { key: 'high', label: 'High', tone: 'green' };
  if (ratePercent >= HEALTH_THRESHOLDS.completion.moderate) return { key: 'moderate', label: 'Moderate', tone: 'amber' };
  return { key: 'low', label: 'Low', tone: 'red' };
}

/** Number of companies: ≥ 5 scaling well, ≥ 2 growing, else early stage. */
export function growthHealth(companies: number): HealthReading<GrowthHealth> {
  if (companies >= HEALTH_THRESHOLDS.companies.scaling) return { key: 'scaling', label: 'Scaling Well', tone: 'green' };
  if (companies >= HEALTH_THRESHOLDS.companies.growing) return { key: 'growing', label: 'Growing', tone: 'amber' };
  return { key: 'early', label: 'Early Stage', tone: 'red' };
}
