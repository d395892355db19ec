const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mon D, YYYY', or an em dash for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const dateTimeSecondsFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * 'Mon D, YYYY, H:MM AM' (with `seconds`, 'h:mm:ss AM': a delivery log's attempts are seconds apart), or an em
 * dash for a missing or invalid date.
 */
export function formatDateTime(value: string | Date | null | undefined, { seconds = false } = {}): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : (seconds ? dateTimeSecondsFormat : dateTimeFormat).format(date);
}

export const capitalize = (value: string): string => (value ? value[0].toUpperCase() + value.slice(1) : value);
