import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { NEXT_CURSOR_HEADER } from '@kpi/contracts';
import { map, type Observable } from 'rxjs';

/** A page a service answers: the body to send as it is, and the cursor of the next page (null on the last). */
export class Page<B> {
  private serialised?: string;

  constructor(
    readonly body: B,
    readonly next: string | null,
  ) {}

  /** The body as JSON, made once: a page kept for several callers (modules/tasks/task-pages.ts) is serialised once. */
  json(): string {
    return (this.serialised ??= JSON.stringify(this.body));
  }
}

/** The first `limit` of `rows` fetched with `limit + 1`, and whether more follow. */
export function cut<T>(rows: T[], limit: number): { items: T[]; more: boolean } {
  return rows.length > limit ? { items: rows.slice(0, limit), more: true } : { items: rows, more: false };
}

interface HttpRequest {
  originalUrl: string;
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
        if (page.next) {
          res.setHeader(NEXT_CURSOR_HEADER, page.next);
          res.setHeader('Link', `<${nextUrl(http.getRequest<HttpRequest>().originalUrl, page.next)}>; rel="next"`);
        }
        // The very bytes and Content-Type `res.json(page.body)` sends; a string is sent as it is.
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
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
