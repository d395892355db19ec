import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (docs/webhooks.md): a secret is `whsec_` and base64 of random bytes; a signature is
 * `v1,` and base64 of HMAC-SHA256, keyed with those bytes, over `{id}.{timestamp}.{body}`. During a rotation the
 * header carries one signature per live secret, separated by spaces, and a receiver accepts any that matches.
 */
const PREFIX = 'whsec_';

export const newSigningSecret = (): string => PREFIX + randomBytes(24).toString('base64');

export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a signed delivery; `secrets` are the endpoint's live ones, newest first. */
export function signedHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signature(s, id, timestampSeconds, body)).join(' '),
  };
}
