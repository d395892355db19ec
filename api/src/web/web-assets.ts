import type { NextFunction, Request, Response } from 'express';
import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { acceptsEncoding } from '../common/http/accept-encoding';
import { FileCache, type CachedFile } from './file-cache';

/** Vite names every file in /assets after its content hash: such a URL never changes meaning. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: always ask (a cheap 304), so a deploy is picked up at once. */
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/**
 * Page paths whose HTML the web build prerenders (web/scripts/prerender.mjs), with the file holding it. Any other
 * page path, and these when the build has no such file, get index.html.
 */
const PRERENDERED: ReadonlyMap<string, string> = new Map([['/login', 'login.html']]);

/** The precompressed twins `npm run build -w web` writes (web/scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Files up to this size are answered from memory (the largest built file, the chart chunk, is about 0.6 MB raw).
 * A cold page load asks for several files at once; from memory each is one synchronous write, where `send`
 * takes four trips through libuv's thread pool (stat, open, read, close), each a wait for a turn on a busy
 * machine.
 */
const MAX_CACHED_BYTES = 2 * 1024 * 1024;

/** A cached file with its validators; `req.fresh` compares them with If-None-Match / If-Modified-Since. */
function sendCached(req: Request, res: Response, file: CachedFile): void {
  res.setHeader('ETag', file.etag);
  res.setHeader('Last-Modified', file.lastModified);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', file.body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : file.body);
}

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * Serves the built web app: a file's brotli or gzip twin when the client takes it (Content-Encoding, Vary),
 * hashed /assets/ files cached for a year as immutable, index.html revalidated every time, and index.html for
 * any other page path so the client-side router can take it (or the path's prerendered page: /login's). /api
 * and /socket.io are never touched.
 */
export function webAssets(root: string) {
  const base = resolve(root);
  const index = join(base, 'index.html');
  const files = new FileCache(MAX_CACHED_BYTES);
  const isDotPath = (file: string): boolean => file.slice(base.length).split(sep).some((part) => part.startsWith('.'));

  function send(req: Request, res: Response, next: NextFunction, file: string, cacheControl: string): void {
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const twin = ENCODINGS.find((e) => acceptsEncoding(req.headers['accept-encoding'], e.name) && isFile(file + e.suffix));
    const path = twin ? file + twin.suffix : file;
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Vary', 'Accept-Encoding');
    if (twin) res.setHeader('Content-Encoding', twin.name);
    // A byte range of a plain file, a dot-file and anything large go through `send` as before.
    const cached = req.headers.range === undefined && !isDotPath(path) ? files.get(path) : null;
    if (cached) return sendCached(req, res, cached);
    // `send` keeps the Content-Type set above, and answers ETag / If-None-Match / HEAD for both variants.
    res.sendFile(path, { cacheControl: false, acceptRanges: !twin, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) next();
    });
  }

  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io') || !existsSync(index)) return next();
    let file: string;
    try {
      file = resolve(base, `.${decodeURIComponent(path)}`);
    } catch {
      return next();
    }
    if (file !== base && !file.startsWith(base + sep)) return next();
    if (isFile(file)) return send(req, res, next, file, path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    // A missing hashed asset is a 404, not the app's page (a stale tab asking for an old bundle must not get
    // HTML); any other path is the app's (as before, e.g. the browser's own /favicon.ico request).
    if (path.startsWith('/assets/')) return next();
    const prerendered = PRERENDERED.get(path);
    const page = prerendered && isFile(join(base, prerendered)) ? join(base, prerendered) : index;
    return send(req, res, next, page, REVALIDATE);
  };
}
