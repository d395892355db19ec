import type { Request, Response } from 'express';
import helmet from 'helmet';
import { HELMET_OPTIONS, securityHeaders } from './security-headers';

/** The headers a middleware sets on a response. */
function headersAfter(middleware: (req: Request, res: Response, next: () => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as Request, res as unknown as Response, () => undefined);
  return headers;
}

describe('security headers', () => {
  it('are exactly the headers helmet sets with our options', () => {
    const ours = headersAfter(securityHeaders());
    expect(ours).toEqual(headersAfter(helmet(HELMET_OPTIONS)));
    expect(ours['content-security-policy']).toContain("script-src 'self'");
    expect(ours['x-frame-options']).toBe('DENY');
    expect(Object.keys(ours).length).toBeGreaterThan(10);
  });
});
