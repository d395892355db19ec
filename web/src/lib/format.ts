const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mon D, YYYY', or an em dash for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

export const capitalize = (value: string): string => (value ? value[0].toUpperCase() + value.slice(1) : value);
