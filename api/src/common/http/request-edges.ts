import type { INestApplication, PipeTransform, ArgumentMetadata } from '@nestjs/common';
import type { ErrorResponse } from '@kpi/contracts';
import { json, type NextFunction, type Request, type Response } from 'express';
import { AppError, invalid } from '../errors/app-error';

/** The largest request body accepted; the biggest real one (a task with its description) is a few kB. */
export const BODY_LIMIT = '100kb';

/**
 * Imports carry a whole CSV file (base64 in JSON, contracts' IMPORT_LIMITS.fileBytes): their two routes take
 * bodies up to this size, every other route stays at BODY_LIMIT.
 */
export const IMPORT_BODY_LIMIT = '17mb';
const IMPORT_UPLOADS = new Set(['/api/imports', '/api/imports/dry-run']);
const isImportUpload = (req: Request): boolean => req.method === 'POST' && IMPORT_UPLOADS.has(req.path);

/** A route parameter naming a row: our ids (UUIDs, catalogue slugs), nothing else reaches a query. */
const ID_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

/** Deeper JSON than any request of ours needs; validators walk bodies recursively, so depth is bounded first. */
export const MAX_BODY_DEPTH = 32;

/** The nesting depth of a parsed body, measured without recursion (a 20,000-deep array must not overflow the stack). */
export function depthOf(value: unknown, limit = MAX_BODY_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const send = (res: Response, statusCode: number, code: ErrorResponse['code'], message: string) =>
  void res.status(statusCode).json({ statusCode, message, code } satisfies ErrorResponse);

/** The charset a Content-Type names, lower-cased; undefined when it names none (JSON then means UTF-8). */
const charsetOf = (contentType: string | undefined) => /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();

/** Whether a request carries a body, by the test body-parser makes (a length, even 0, or a transfer encoding). */
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && !isNaN(Number(req.headers['content-length'])));

/**
 * Bodies are UTF-8 JSON or nothing (RFC 8259 §8.1): a form-encoded or text body, or JSON declared in another
 * charset, is refused before any parser or route sees it. The parser would decode a UTF-16 body of one byte to
 * nothing and hand the route `{}`, turning garbage into a valid empty update.
 */
function jsonOnly(req: Request): boolean {
  if (!(Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined)) return true;
  const charset = charsetOf(req.headers['content-type']);
  return !!req.is('application/json') && (charset === undefined || charset === 'utf-8' || charset === 'utf8');
}

/**
 * RFC 8058: a mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` form-encoded to the link of
 * the List-Unsubscribe header. That route reads only its query's token, so the body is drained, never parsed.
 */
const ONE_CLICK_UNSUBSCRIBE = '/api/mail/unsubscribe';
const isOneClickUnsubscribe = (req: Request): boolean => req.method === 'POST' && req.path === ONE_CLICK_UNSUBSCRIBE && !!req.is('application/x-www-form-urlencoded');

/** Body-parser failures happen before Nest's filters: answer them in the same shape (413 too large, 400 bad JSON). */
function bodyErrors(err: { status?: number; type?: string }, res: Response, next: NextFunction, limit: string): void {
  if (err?.type === 'entity.too.large') return send(res, 413, 'VALIDATION', `The request body is too large (at most ${limit})`);
  if (err?.type === 'entity.parse.failed') return send(res, 400, 'VALIDATION', 'The request body is not valid JSON');
  if (err?.status && err.status >= 400 && err.status < 500) return send(res, err.status, 'VALIDATION', 'The request body could not be read');
  next(err);
}

/**
 * The body edge as one middleware: a request without a body (every GET of the app) passes straight on, where
 * four middlewares (charset check, parser, its error answer, depth check) each took a turn on every request.
 */
function requestBody(): (req: Request, res: Response, next: NextFunction) => void {
  const parseSmall = json({ limit: BODY_LIMIT, strict: true });
  const parseUpload = json({ limit: IMPORT_BODY_LIMIT, strict: true });
  return (req, res, next) => {
    const upload = isImportUpload(req);
    const parse = upload ? parseUpload : parseSmall;
    if (!hasBody(req)) return next();
    if (isOneClickUnsubscribe(req)) {
      req.resume();
      return next();
    }
    if (!jsonOnly(req)) return send(res, 415, 'VALIDATION', 'The request body must be UTF-8 JSON (Content-Type: application/json)');
    parse(req, res, (err?: unknown) => {
      if (err) return bodyErrors(err, res, next, upload ? IMPORT_BODY_LIMIT : BODY_LIMIT);
      if (depthOf(req.body) > MAX_BODY_DEPTH) return send(res, 400, 'VALIDATION', `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`);
      next();
    });
  };
}

/**
 * Single named ids outside a zod schema: a path parameter that cannot be an id (a NUL, a slash, 10 kB of text)
 * answers 404 like a missing row; a named query value (`@Query('company')`) 400 naming it.
 */
export class IdParamPipe implements PipeTransform {
  transform(value: unknown, meta: ArgumentMetadata): unknown {
    // Whole-object params and queries go through their own zod schema.
    if (typeof meta.data !== 'string') return value;
    const ok = typeof value === 'string' && ID_PARAM.test(value);
    if (meta.type === 'param' && !ok) throw new AppError('NOT_FOUND', 'Not found');
    if (meta.type === 'query' && value !== undefined && !ok) throw invalid(`${meta.data} is not a valid id`, meta.data);
    return value;
  }
}

/**
 * The request edges for the whole app: JSON bodies only, at most BODY_LIMIT, path ids checked, and which proxy
 * to trust for the client address (`TRUST_PROXY`). Needs the app created with `bodyParser: false`.
 */
export function applyRequestEdges(app: INestApplication, trustProxy: boolean | number | string): void {
  const http = app.getHttpAdapter().getInstance() as { set(key: string, value: unknown): void };
  http.set('trust proxy', trustProxy);
  // helmet removed it from every answer; not setting it at all is the same answer for less work.
  http.set('x-powered-by', false);
  app.use(requestBody());
  app.useGlobalPipes(new IdParamPipe());
}
