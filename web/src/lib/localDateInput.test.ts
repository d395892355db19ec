import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './localDateInput';

describe('datetime-local values', () => {
  it('round-trip through ISO instants in local time', () => {
    const iso = fromLocalInput('2026-06-01T09:30')!;
    expect(new Date(iso).getHours()).toBe(9);
    expect(toLocalInput(iso)).toBe('2026-06-01T09:30');
  });

  it('are empty for none, and none for an empty or unreadable value', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('  ')).toBeNull();
    expect(fromLocalInput('soon')).toBeNull();
  });
});
