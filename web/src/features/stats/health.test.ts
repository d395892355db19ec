import { describe, expect, it } from 'vitest';
import { completionHealth, growthHealth, scoreHealth } from './health';

describe('scoreHealth', () => {
  it.each([
    [10, 'good', 'Good'],
    [7.5, 'good', 'Good'],
    [7.49, 'fair', 'Fair'],
    [6, 'fair', 'Fair'],
    [5.99, 'needs-attention', 'Needs Attention'],
    [0, 'needs-attention', 'Needs Attention'],
  ])('%s → %s', (average, key, label) => {
    expect(scoreHealth(average)).toMatchObject({ key, label });
  });
});

describe('completionHealth', () => {
  it.each([
    [100, 'high', 'High'],
    [80, 'high', 'High'],
    [79.9, 'moderate', 'Moderate'],
    [60, 'moderate', 'Moderate'],
    [59.9, 'low', 'Low'],
    [0, 'low', 'Low'],
  ])('%s%% → %s', (rate, key, label) => {
    expect(completionHealth(rate)).toMatchObject({ key, label });
  });
});

describe('growthHealth', () => {
  it.each([
    [12, 'scaling', 'Scaling Well'],
    [5, 'scaling', 'Scaling Well'],
    [4, 'growing', 'Growing'],
    [2, 'growing', 'Growing'],
    [1, 'early', 'Early Stage'],
    [0, 'early', 'Early Stage'],
  ])('%s companies → %s', (companies, key, label) => {
    expect(growthHealth(companies)).toMatchObject({ key, label });
  });
});

describe('tones', () => {
  it('colour each reading green, amber or red from best to worst', () => {
    expect([scoreHealth(8), scoreHealth(6.5), scoreHealth(2)].map((h) => h.tone)).toEqual(['green', 'amber', 'red']);
    expect([completionHealth(90), completionHealth(70), completionHealth(10)].map((h) => h.tone)).toEqual(['green', 'amber', 'red']);
    expect([growthHealth(6), growthHealth(3), growthHealth(1)].map((h) => h.tone)).toEqual(['green', 'amber', 'red']);
  });
});
