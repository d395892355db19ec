/** A fresh `Idempotency-Key`: 128 random bits as hex (crypto.randomUUID needs a secure context; this does not). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface RetryKey {
  key: string;
  /** The request body the key was made for. */
  body: string;
}

/**
 * The key for sending `body`: the same as last time when the very same body is sent again (a retry after a
 * failure whose request may have reached the server), a new one otherwise, so a corrected retry is a new request.
 */
export function retryKeyFor(last: RetryKey | null, body: unknown): RetryKey {
  const text = JSON.stringify(body);
  return last && last.body === text ? last : { key: newRequestKey(), body: text };
}
