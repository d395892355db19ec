import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * The built web app: precompressed twins served by Accept-Encoding, hashed assets immutable, index.html
 * revalidated. Each twin here holds different text, so the answer shows which file was sent.
 */
describe('web assets', () => {
  let t: TestApp;
  let dist: string;
  const raw = (res: { body: unknown; text?: string }) => (Buffer.isBuffer(res.body) ? res.body.toString('utf8') : (res.text ?? ''));
  // supertest's parser signature: the response is a readable stream of the body's bytes.
  const binary = (res: import('supertest').Response, done: (err: Error | null, body: Buffer) => void) => {
    const stream = res as unknown as NodeJS.ReadableStream;
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kpi-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>plain index</title>');
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><title>br index</title>'));
    writeFileSync(join(dist, 'assets', 'app-Ab12Cd.js'), "console.log('plain')");
    writeFileSync(join(dist, 'assets', 'app-Ab12Cd.js.br'), brotliCompressSync("console.log('from br')"));
    writeFileSync(join(dist, 'assets', 'app-Ab12Cd.js.gz'), gzipSync("console.log('from gz')"));
    writeFileSync(join(dist, 'assets', 'logo-Zz9.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    t = await startTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli twin to a browser that takes br, with its type, Vary and a year of immutable caching', async () => {
    const res = await t.http.get('/assets/app-Ab12Cd.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(raw(res)).toBe("console.log('from br')");
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await t.http.get('/assets/app-Ab12Cd.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(raw(gz)).toBe("console.log('from gz')");
    const refused = await t.http.get('/assets/app-Ab12Cd.js').set('Accept-Encoding', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(raw(refused)).toBe("console.log('plain')");
    const plain = await t.http.get('/assets/app-Ab12Cd.js').set('Accept-Encoding', 'identity').buffer(true).parse(binary);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe("console.log('plain')");
  });

  it('answers 304 to a revalidation of the same variant', async () => {
    const first = await t.http.get('/assets/app-Ab12Cd.js').set('Accept-Encoding', 'br');
    const again = await t.http.get('/assets/app-Ab12Cd.js').set('Accept-Encoding', 'br').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
  });

  it('serves the app page under a policy that refuses inline and foreign script, plugins and every framing', async () => {
    const page = await t.http.get('/login');
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d === name || d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('script-src-attr')).toBe("script-src-attr 'none'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // No explicit origin-keyed process request: it makes Chromium start the page's renderer only after the answer.
    expect(page.headers['origin-agent-cluster']).toBeUndefined();
    // Hashed assets carry the same set: a script file opened on its own is no way around the policy.
    const asset = await t.http.get('/assets/app-Ab12Cd.js');
    expect(asset.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['origin-agent-cluster']).toBeUndefined();
  });

  it('serves a file rewritten under the running server with its new bytes and validators', async () => {
    const file = join(dist, 'assets', 'swap-Qq1.js');
    writeFileSync(file, "console.log('first')");
    const first = await t.http.get('/assets/swap-Qq1.js').set('Accept-Encoding', 'identity');
    expect(raw(first)).toBe("console.log('first')");
    writeFileSync(file, "console.log('second build')");
    const second = await t.http.get('/assets/swap-Qq1.js').set('Accept-Encoding', 'identity');
    expect(raw(second)).toBe("console.log('second build')");
    expect(second.headers.etag).not.toBe(first.headers.etag);
    // The old validator no longer matches: a full answer, not a 304.
    expect((await t.http.get('/assets/swap-Qq1.js').set('If-None-Match', first.headers.etag)).status).toBe(200);
  });

  it('answers HEAD with the headers and length of the body it would send, and byte ranges of a plain file', async () => {
    const head = await t.http.head('/assets/app-Ab12Cd.js').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brotliCompressSync("console.log('from br')").length);
    const range = await t.http.get('/assets/app-Ab12Cd.js').set('Accept-Encoding', 'identity').set('Range', 'bytes=0-6');
    expect(range.status).toBe(206);
    expect(raw(range)).toBe('console');
  });

  it('revalidates index.html every time, for / and for any page path of the app', async () => {
    for (const path of ['/', '/index.html', '/admin/tasks', '/executive/performance']) {
      const res = await t.http.get(path).set('Accept-Encoding', 'br');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(raw(res)).toContain('br index');
    }
  });

  it("serves /login's prerendered page when the build wrote one, and index.html for every other page path", async () => {
    writeFileSync(join(dist, 'login.html'), '<!doctype html><title>plain sign-in</title>');
    writeFileSync(join(dist, 'login.html.br'), brotliCompressSync('<!doctype html><title>br sign-in</title>'));
    try {
      const login = await t.http.get('/login').set('Accept-Encoding', 'br');
      expect(login.headers['cache-control']).toBe('no-cache');
      expect(login.headers['content-encoding']).toBe('br');
      expect(raw(login)).toContain('br sign-in');
      expect(raw(await t.http.get('/login').set('Accept-Encoding', 'identity'))).toContain('plain sign-in');
      for (const path of ['/', '/login/extra', '/admin/tasks']) expect(raw(await t.http.get(path).set('Accept-Encoding', 'br'))).toContain('br index');
    } finally {
      rmSync(join(dist, 'login.html'));
      rmSync(join(dist, 'login.html.br'));
    }
    // Without the file (a build before prerendering), /login is the app's page like any other.
    expect(raw(await t.http.get('/login').set('Accept-Encoding', 'br'))).toContain('br index');
  });

  it('serves binary files as they are, and 404s a missing asset instead of the page', async () => {
    const png = await t.http.get('/assets/logo-Zz9.png').set('Accept-Encoding', 'br').buffer(true).parse(binary);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect([...png.body]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await t.http.get('/assets/app-OLD.js')).status).toBe(404);
  });

  it('leaves the api alone and never leaves the web folder', async () => {
    const health = await t.http.get('/api/health');
    expect(health.body).toMatchObject({ status: 'ok' });
    expect((await t.http.get('/api/nothing-here')).headers['content-type']).toMatch(/json/);
    const escape = await t.http.get('/%2e%2e/package.json');
    expect(escape.status).toBe(404);
    expect(escape.text).not.toContain('"name"');
  });
});
