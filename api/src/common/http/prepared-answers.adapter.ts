import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { COMPRESS_MIN_BYTES, gzipWanted } from './answer-compression';
import { JsonValue, PreparedJson, type EtagOf } from './prepared-json';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a prepared answer as Express's `res.json` would, without serialising or hashing it again. From
 * COMPRESS_MIN_BYTES on it varies by Accept-Encoding and goes out gzipped to a client that takes it; the gzip
 * runs off the event loop and is kept with the answer. Smaller answers pay one length comparison.
 */
export function sendPrepared(res: Response, answer: PreparedJson, statusCode?: number): void | Promise<void> {
  const req = res.req as Request;
  if (statusCode) res.statusCode = statusCode;
  for (const [name, value] of answer.headersFor(req.originalUrl)) res.setHeader(name, value);
  const etag = answer.etag(req.app.get('etag fn') as EtagOf | undefined);
  if (etag) res.setHeader('ETag', etag);
  const body = answer.body();
  if (body.length >= COMPRESS_MIN_BYTES) res.vary('Accept-Encoding');
  if (req.fresh) {
    // The caller holds these bytes already (If-None-Match), as Express answers it.
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  if (req.method === 'HEAD' || !gzipWanted(body.length, req.headers['accept-encoding'])) return sendBytes(res, body, req.method === 'HEAD');
  return answer.gzipBody().then(
    (gzipped) => {
      res.setHeader('Content-Encoding', 'gzip');
      sendBytes(res, gzipped);
    },
    // Never expected; the plain bytes are as good an answer.
    () => sendBytes(res, body),
  );
}

function sendBytes(res: Response, bytes: Buffer, headOnly = false): void {
  res.setHeader('Content-Length', bytes.length);
  res.end(headOnly ? undefined : bytes);
}

/** A handler's plain JSON answer: an object or array, with no other content type chosen and a body to send. */
function isPlainJson(response: Response, body: unknown, statusCode?: number): boolean {
  if (typeof body !== 'object' || body === null || body instanceof StreamableFile || body instanceof Error || Buffer.isBuffer(body)) return false;
  const type = response.getHeader('Content-Type');
  return (type === undefined || (typeof type === 'string' && type.startsWith('application/json'))) && (statusCode ?? response.statusCode) !== 204;
}

/**
 * Nest's Express adapter, replying to a `PreparedJson` with its kept bytes, and to any other JSON answer through
 * the same path (so every JSON answer is compressed alike); everything else goes through Express as before.
 * One place for it, where an interceptor on each controller added an observable chain to every request it
 * wrapped (docs/benchmarks.md).
 */
export class PreparedAnswersAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof PreparedJson) return sendPrepared(response, body, statusCode);
    if (isPlainJson(response, body, statusCode)) return sendPrepared(response, new JsonValue(body), statusCode);
    return super.reply(response, body, statusCode);
  }
}
