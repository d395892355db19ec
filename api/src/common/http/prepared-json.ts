import { gzipAnswer } from './answer-compression';

/** Express's `etag fn` setting: the ETag of a body, or undefined when ETags are switched off. */
export type EtagOf = (body: Buffer, encoding?: string) => string | undefined;

/**
 * An answer whose JSON bytes and ETag are made once, however many requests it serves: the HTTP adapter
 * (prepared-answers.adapter.ts) sends them as they are, with the very headers `res.json` would (and a 304
 * where the caller already holds them). Answers kept for a second (common/caching) are served this way, so a
 * dashboard's refreshes neither serialise nor hash again.
 */
export abstract class PreparedJson<T = unknown> {
  private bytes?: Buffer;
  private tag?: { etag: string | undefined };
  private gzipped?: Promise<Buffer>;

  /** The answer as data: what its JSON says. */
  abstract readonly value: T;

  /** `JSON.stringify` of the value, made once: an answer's text is never written by hand. */
  body(): Buffer {
    return (this.bytes ??= Buffer.from(JSON.stringify(this.value)));
  }

  /** The body gzipped (off the event loop), made once like the body: a kept page is compressed once. */
  gzipBody(): Promise<Buffer> {
    return (this.gzipped ??= gzipAnswer(this.body()));
  }

  etag(etagOf: EtagOf | undefined): string | undefined {
    return (this.tag ??= { etag: etagOf?.(this.body()) }).etag;
  }

  /** Headers this answer adds for the request that asked (a page's link to the next one); none by default. */
  headersFor(_originalUrl: string): Iterable<[string, string]> {
    return [];
  }
}

/** A value prepared as it is. */
export class JsonValue<T> extends PreparedJson<T> {
  constructor(readonly value: T) {
    super();
  }
}
