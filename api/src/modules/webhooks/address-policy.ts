import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a delivery may connect to (docs/webhooks.md, Safety). Only public unicast addresses: never
 * loopback, private, link-local (the cloud metadata service at 169.254.169.254), carrier-grade NAT, multicast or
 * reserved ranges. `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK, development and tests only) lets loopback through, and
 * nothing else. Answers why an address is refused, or null when it is allowed.
 */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && allowLoopback) return null;
  return `${address} is a ${RANGE_NAMES[range] ?? range} address`;
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  reserved: 'reserved',
};

/**
 * Whether a URL may be registered or sent to, before any name is resolved: HTTPS only (plain HTTP too while
 * loopback is allowed), no credentials in it, and a literal IP address must itself be allowed. Names are checked
 * on the address actually connected to (safe-post.ts).
 */
export function refusedUrl(raw: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'URL must be a valid URL';
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) return 'URL must start with https://';
  if (url.username || url.password) return 'URL must not carry a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const refused = refusedAddress(host, allowLoopback);
    if (refused) return `URL is not allowed: ${refused}`;
  }
  return null;
}
