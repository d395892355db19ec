const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mon D, YYYY', or an em dash for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Mon D, YYYY, H:MM AM', or an em dash for a missing or invalid date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return !date || Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

export const capitalize = (value: string): string => (value ? value[0].toUpperCase() + value.slice(1) : value);
