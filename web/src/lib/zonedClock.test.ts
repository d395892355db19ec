import { describe, expect, it } from 'vitest';
import { monthIn } from './zonedClock';

describe('monthIn', () => {
  // 23:30 UTC on 31 March: already April in Tokyo, still March in UTC and New York.
  const instant = new Date('2026-03-31T23:30:00Z');

  it("reads the month in the company's zone", () => {
    expect(monthIn(instant, 'Asia/Tokyo')).toEqual({ year: 2026, month: 4 });
    expect(monthIn(instant, 'UTC')).toEqual({ year: 2026, month: 3 });
    expect(monthIn(new Date('2026-12-31T23:30:00Z'), 'Pacific/Auckland')).toEqual({ year: 2027, month: 1 });
  });

  it("falls back to the browser's clock without a zone or with an unknown one", () => {
    const local = { year: instant.getFullYear(), month: instant.getMonth() + 1 };
    expect(monthIn(instant)).toEqual(local);
    expect(monthIn(instant, 'Not/AZone')).toEqual(local);
  });
});
