/**
 * How long to wait before reconnect attempt `attempt` (0 first): doubling from 1 s up to `max`, then spread by
 * ±50 % so that the screens a restarted server dropped all at once do not all come back at the same moment.
 */
export function backoffDelay(attempt: number, random: number = Math.random(), max = 10_000): number {
  const base = Math.min(max, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.5 + random));
}
