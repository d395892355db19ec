import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { NEXT_CURSOR_HEADER } from '@kpi/contracts';
import { map, type Observable } from 'rxjs';

/** A page a service answers: the body to send as it is, and the cursor of the next page (null on the last). */
export class Page<B> {
  private serialised?: string;
  private tag?: { etag: string | undefined };
  private link?: { url: string; value: string };

  constructor(
    readonly body: B,
    readonly next: string | null,
  ) {}

  /** The body as JSON, made once: a page kept for several callers (modules/tasks/task-pages.ts) is serialised once. */
  json(): string {
    return (this.serialised ??= JSON.stringify(this.body));
  }

  /** Express's ETag of the JSON (its `etag fn`, undefined when switched off), computed once. */
  etag(etagOf: ((body: string, encoding: 'utf8') => string | undefined) | undefined): string | undefined {
    return (this.tag ??= { etag: etagOf?.(this.json(), 'utf8') }).etag;
  }

  /** The `Link` to the next page from the request's URL; the last one asked for is kept. */
  nextLink(originalUrl: string): string {
    if (this.link?.url !== originalUrl) this.link = { url: originalUrl, value: `<${nextUrl(originalUrl, this.next ?? '')}>; rel="next"` };
    return this.link.value;
  }
}

/** The first `limit` of `rows` fetched with `limit + 1`, and whether more follow. */
export function cut<T>(rows: T[], limit: number): { items: T[]; more: boolean } {
  return rows.length > limit ? { items: rows.slice(0, limit), more: true } : { items: rows, more: false };
}

interface HttpRequest {
  originalUrl: string;
  method: string;
  app: { get(setting: 'etag fn'): ((body: string, encoding: 'utf8') => string | undefined) | undefined };
}
interface HttpResponse {
  setHeader(name: string, value: string): void;
  getHeader(name: string): unknown;
}

/**
 * Sends a `Page`'s body (as its kept JSON) and puts its next cursor in `X-Next-Cursor` and a `Link: <…>; rel="next"` (the same
 * URL with the cursor replaced), both exposed to browser scripts. Other answers pass through untouched.
 */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    return next.handle().pipe(
      map((answer: unknown) => {
        if (!(answer instanceof Page)) return answer;
        const page = answer as Page<unknown>;
        const res = http.getResponse<HttpResponse>();
        res.setHeader('Access-Control-Expose-Headers', `${NEXT_CURSOR_HEADER}, Link`);
        const req = http.getRequest<HttpRequest>();
        if (page.next) {
          res.setHeader(NEXT_CURSOR_HEADER, page.next);
          res.setHeader('Link', page.nextLink(req.originalUrl));
        }
        // The very bytes and headers `res.json(page.body)` sends: a string is sent as it is, and Express
        // computes no ETag where one is set (it would be this one; it still answers If-None-Match with 304).
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        const etag = page.etag(req.app.get('etag fn'));
        if (etag) res.setHeader('ETag', etag);
        return page.json();
      }),
    );
  }
}

/** The request's own path and query with `cursor` set to the next page's. */
export function nextUrl(originalUrl: string, cursor: string): string {
  const url = new URL(originalUrl, 'http://x');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}
