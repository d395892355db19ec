import type { NextFunction, Request, Response } from 'express';
import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

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
/** The precompressed twins `npm run build -w web` writes (web/scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * helmet's `Origin-Agent-Cluster: ?1` is taken off the app's files. Chromium already keys agent clusters by
 * origin when the header is absent (document.domain stays disabled); the explicit opt-in additionally asks for
 * an origin-keyed process, which Chromium can only pick once the page's answer is in: a cold visit then starts
 * the page's renderer after the response instead of alongside the request, about 50 ms before the page's
 * files are even requested (docs/benchmarks.md, `/login` first paint). Every other security header stays.
 */
const DROPPED_HEADERS = ['Origin-Agent-Cluster'] as const;

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** Whether the client's Accept-Encoding takes `name` (an explicit q=0 refuses it). */
export function accepts(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (token !== name && token !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Serves the built web app: a file's brotli or gzip twin when the client takes it (Content-Encoding, Vary),
 * hashed /assets/ files cached for a year as immutable, index.html revalidated every time, and index.html for
 * any other page path so the client-side router can take it. /api and /socket.io are never touched.
 */
export function webAssets(root: string) {
  const base = resolve(root);
  const index = join(base, 'index.html');

  function send(req: Request, res: Response, next: NextFunction, file: string, cacheControl: string): void {
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const twin = ENCODINGS.find((e) => accepts(req.headers['accept-encoding'], e.name) && isFile(file + e.suffix));
    for (const name of DROPPED_HEADERS) res.removeHeader(name);
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Vary', 'Accept-Encoding');
    if (twin) res.setHeader('Content-Encoding', twin.name);
    // `send` keeps the Content-Type set above, and answers ETag / If-None-Match / HEAD for both variants.
    res.sendFile(twin ? file + twin.suffix : file, { cacheControl: false, acceptRanges: !twin, dotfiles: 'deny' }, (err) => {
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
    return send(req, res, next, index, REVALIDATE);
  };
}
