import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { PreparedJson, type EtagOf } from './prepared-json';

/** Sends a prepared answer as Express's `res.json` would, without serialising or hashing it again. */
export function sendPrepared(res: Response, answer: PreparedJson, statusCode?: number): void {
  const req = res.req as Request;
  if (statusCode) res.statusCode = statusCode;
  for (const [name, value] of answer.headersFor(req.originalUrl)) res.setHeader(name, value);
  const etag = answer.etag(req.app.get('etag fn') as EtagOf | undefined);
  if (etag) res.setHeader('ETag', etag);
  if (req.fresh) {
    // The caller holds these bytes already (If-None-Match), as Express answers it.
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = answer.body();
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Nest's Express adapter, replying to a `PreparedJson` with its kept bytes; every other answer goes through
 * Express as before. One place for it, where an interceptor on each controller added an observable chain to
 * every request it wrapped (docs/benchmarks.md).
 */
export class PreparedAnswersAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof PreparedJson) return sendPrepared(response, body, statusCode);
    return super.reply(response, body, statusCode);
  }
}
