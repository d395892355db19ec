import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** The security headers of every answer (helmet's, with our content security policy). */
export const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // apexcharts and react-hot-toast set inline styles; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  // The same rule as frame-ancestors 'none', for browsers that know only this header (SECURITY.md).
  xFrameOptions: { action: 'deny' },
  // Chromium keys agent clusters by origin without it (document.domain stays disabled); the explicit opt-in
  // makes it start a page's renderer only once the answer is in, ~50 ms later on a cold visit (SECURITY.md,
  // docs/benchmarks.md#findings-behind-the-code).
  originAgentCluster: false,
};

/** The headers helmet sets with `options`, read once from a run on a stand-in response. */
export function helmetHeaders(options = HELMET_OPTIONS): [string, string][] {
  const headers: [string, string][] = [];
  let done = false;
  const res = { setHeader: (name: string, value: string) => void headers.push([name, value]), removeHeader: () => undefined };
  helmet(options)({} as Request, res as unknown as Response, (err?: unknown) => {
    if (err) throw err as Error;
    done = true;
  });
  // Our options are constants: helmet answers at once and the same for every request. Options computed per
  // request (a CSP nonce) would not be, and would need helmet itself back.
  if (!done) throw new Error('helmet did not finish synchronously: its headers depend on the request');
  return headers;
}

/**
 * helmet's headers, set in one step: the same headers as running helmet, which walks thirteen middlewares
 * per request (docs/benchmarks.md). Express's `X-Powered-By` is switched off where the app is made.
 */
export function securityHeaders(options = HELMET_OPTIONS): (req: Request, res: Response, next: NextFunction) => void {
  const headers = helmetHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
