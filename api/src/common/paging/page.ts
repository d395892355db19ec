import { NEXT_CURSOR_HEADER } from '@kpi/contracts';
import { PreparedJson } from '../http/prepared-json';

/**
 * A page a service answers: the body to send as it is, and the cursor of the next page (null on the last),
 * sent in `X-Next-Cursor` and in a `Link: <…>; rel="next"` (the same URL with the cursor replaced), both
 * exposed to browser scripts. Its JSON and ETag are made once (common/http/prepared-json.ts), so a page kept
 * for several callers (modules/tasks/task-pages.ts) is serialised once.
 */
export class Page<B> extends PreparedJson<B> {
  private link?: { url: string; value: string };

  constructor(
    readonly value: B,
    readonly next: string | null,
  ) {
    super();
  }

  /** The `Link` to the next page from the request's URL; the last one asked for is kept. */
  nextLink(originalUrl: string): string {
    if (this.link?.url !== originalUrl) this.link = { url: originalUrl, value: `<${nextUrl(originalUrl, this.next ?? '')}>; rel="next"` };
    return this.link.value;
  }

  override *headersFor(originalUrl: string): Iterable<[string, string]> {
    yield ['Access-Control-Expose-Headers', EXPOSED];
    if (this.next) {
      yield [NEXT_CURSOR_HEADER, this.next];
      yield ['Link', this.nextLink(originalUrl)];
    }
  }
}

const EXPOSED = `${NEXT_CURSOR_HEADER}, Link`;

/** The first `limit` of `rows` fetched with `limit + 1`, and whether more follow. */
export function cut<T>(rows: T[], limit: number): { items: T[]; more: boolean } {
  return rows.length > limit ? { items: rows.slice(0, limit), more: true } : { items: rows, more: false };
}

/** The request's own path and query with `cursor` set to the next page's. */
export function nextUrl(originalUrl: string, cursor: string): string {
  const url = new URL(originalUrl, 'http://x');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}
