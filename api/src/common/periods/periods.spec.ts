import { currentMonthOf, lastCompleteMonths, lastMonths, monthOf, monthRange, offsetAt, periodKey, periodLabel, periodRange, startOfZonedDay, yearRange } from './periods';

const iso = (d: Date) => d.toISOString();

describe('periods in a company time zone', () => {
  it('a task scored at 23:30 UTC on 31 March counts in April for a company at UTC+2', () => {
    const scoredAt = new Date('2026-03-31T23:30:00Z');
    for (const zone of ['Etc/GMT-2', 'Africa/Johannesburg', 'Europe/Berlin']) {
      expect(monthOf(scoredAt, zone)).toEqual({ year: 2026, month: 4 });
      const april = monthRange(zone, 2026, 4);
      expect(scoredAt >= april.start && scoredAt < april.end).toBe(true);
    }
    expect(monthOf(scoredAt, 'UTC')).toEqual({ year: 2026, month: 3 });
    expect(monthOf(scoredAt, 'America/New_York')).toEqual({ year: 2026, month: 3 });
  });

  it.each([
    ['UTC', 2026, 3, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['Etc/GMT-2', 2026, 4, '2026-03-31T22:00:00.000Z', '2026-04-30T22:00:00.000Z'],
    // Berlin moves to summer time on 29 March: March starts at UTC+1 and ends at UTC+2.
    ['Europe/Berlin', 2026, 3, '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    ['America/New_York', 2026, 11, '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z'],
    ['Asia/Kolkata', 2026, 1, '2025-12-31T18:30:00.000Z', '2026-01-31T18:30:00.000Z'],
    // December runs into January of the next year.
    ['Pacific/Auckland', 2026, 12, '2026-11-30T11:00:00.000Z', '2026-12-31T11:00:00.000Z'],
  ])('month range in %s of %p-%p', (zone, year, month, start, end) => {
    const range = monthRange(zone, year, month);
    expect([iso(range.start), iso(range.end)]).toEqual([start, end]);
  });

  it('year ranges follow the zone too', () => {
    const range = yearRange('Etc/GMT-2', 2026);
    expect([iso(range.start), iso(range.end)]).toEqual(['2025-12-31T22:00:00.000Z', '2026-12-31T22:00:00.000Z']);
    expect(periodRange('UTC', { year: 2026 })).toEqual(yearRange('UTC', 2026));
    expect(periodRange('UTC', { year: 2026, month: 2 })).toEqual(monthRange('UTC', 2026, 2));
  });

  it('the first and last instants of a month belong to it, the next one does not', () => {
    const zone = 'America/New_York';
    const { start, end } = monthRange(zone, 2026, 3);
    expect(monthOf(start, zone)).toEqual({ year: 2026, month: 3 });
    expect(monthOf(new Date(end.getTime() - 1), zone)).toEqual({ year: 2026, month: 3 });
    expect(monthOf(end, zone)).toEqual({ year: 2026, month: 4 });
    expect(monthOf(new Date(start.getTime() - 1), zone)).toEqual({ year: 2026, month: 2 });
  });

  it('a day whose midnight falls in a daylight-saving gap starts when the gap ends', () => {
    // Beirut jumps from 00:00 to 01:00 (UTC+2 → UTC+3) on the last Sunday of March.
    expect(iso(startOfZonedDay('Asia/Beirut', 2026, 3, 29))).toBe('2026-03-28T22:00:00.000Z');
    expect(iso(startOfZonedDay('Asia/Beirut', 2026, 3, 30))).toBe('2026-03-29T21:00:00.000Z');
  });

  it('measures offsets', () => {
    expect(offsetAt(new Date('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(2 * 3600_000);
    expect(offsetAt(new Date('2026-01-01T00:00:00Z'), 'America/New_York')).toBe(-5 * 3600_000);
  });

  it('lists the last 12 months ending with the current one, oldest first, across a year change', () => {
    const months = lastMonths('UTC', new Date('2026-02-15T10:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months.map((m) => m.key)).toEqual([
      '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02',
    ]);
    expect(iso(months[11].start)).toBe('2026-02-01T00:00:00.000Z');
    // Contiguous: each month ends where the next starts.
    for (let i = 1; i < months.length; i++) expect(months[i].start).toEqual(months[i - 1].end);
    // The current month follows the zone: 23:30 UTC on 31 March is April at UTC+2.
    expect(lastMonths('Etc/GMT-2', new Date('2026-03-31T23:30:00Z'), 1)[0].key).toBe('2026-04');
    expect(lastCompleteMonths('UTC', new Date('2026-01-10T00:00:00Z'), 3).map((m) => m.key)).toEqual(['2025-10', '2025-11', '2025-12']);
  });

  it('keys and labels', () => {
    expect(periodKey({ year: 2026, month: 3 })).toBe('2026-03');
    expect(periodKey({ year: 2026 })).toBe('2026');
    expect(periodLabel({ year: 2026, month: 3 })).toBe('March 2026');
    expect(periodLabel({ year: 2026 })).toBe('2026');
  });
});

describe('currentMonthOf', () => {
  it('answers monthOf for every instant, across a month boundary in the zone', () => {
    const zone = 'Europe/Berlin';
    for (const iso of ['2026-03-31T21:59:59.999Z', '2026-03-31T22:00:00.000Z', '2026-04-15T12:00:00Z', '2026-04-30T21:59:59.999Z', '2026-04-30T22:00:00.000Z']) {
      const at = new Date(iso);
      expect(currentMonthOf(zone, at)).toEqual(monthOf(at, zone));
    }
  });
});
