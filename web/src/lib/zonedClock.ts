/**
 * The year and month (1-12) at `now` in an IANA time zone: a company's periods follow its zone, not the
 * browser's. Without a zone, or with one this browser does not know, the browser's own clock.
 */
export function monthIn(now: Date, timeZone?: string | null): { year: number; month: number } {
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(now);
      const year = Number(parts.find((p) => p.type === 'year')?.value);
      const month = Number(parts.find((p) => p.type === 'month')?.value);
      if (year && month) return { year, month };
    } catch {
      /* an unknown zone: fall through to the browser's clock */
    }
  }
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}
