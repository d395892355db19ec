import { describe, expect, it } from 'vitest';
import { completionRate, groupLevel, isScored, monthLabel, oneDecimal, ratio } from './format';

describe('monthLabel', () => {
  it.each([
    ['2026-01', 'Jan 26'],
    ['2025-12', 'Dec 25'],
    ['2030-06', 'Jun 30'],
  ])('%s → %s', (key, label) => expect(monthLabel(key)).toBe(label));

  it('shows an unexpected key as it came', () => {
    expect(monthLabel('2026-13')).toBe('2026-13');
    expect(monthLabel('2026')).toBe('2026');
  });
});

describe('figures', () => {
  it('shows one decimal', () => {
    expect(oneDecimal(8)).toBe('8.0');
    expect(oneDecimal(7.45)).toBe('7.5');
    expect(oneDecimal(Number.NaN)).toBe('0.0');
  });

  it('rounds the completion rate and is 0 without tasks', () => {
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(4, 4)).toBe(100);
  });

  it('divides to one decimal and is 0 with nothing to divide by', () => {
    expect(ratio(10, 3)).toBe(3.3);
    expect(ratio(5, 0)).toBe(0);
  });
});

describe('groupLevel', () => {
  it.each([
    [9.1, 'Excellent', 'green'],
    [7.5, 'Excellent', 'green'],
    [7.4, 'Satisfactory', 'amber'],
    [6, 'Satisfactory', 'amber'],
    [5.9, 'Needs Improvement', 'red'],
    [3.2, 'Needs Improvement', 'red'],
  ])('%s → %s', (average, label, tone) => expect(groupLevel(average)).toEqual({ label, tone }));

  it('does not judge a group with nothing scored', () => {
    expect(isScored(0)).toBe(false);
    expect(groupLevel(0)).toEqual({ label: 'No scores yet', tone: 'gray' });
  });
});
