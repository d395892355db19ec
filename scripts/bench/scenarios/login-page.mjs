import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/app.mjs';
import { coldLoad, launchChromium } from '../lib/browser.mjs';
import { alternate, row } from '../lib/compare.mjs';
import { onCleanup } from '../lib/process.mjs';
import { median } from '../lib/stats.mjs';

const SAMPLES_PER_ROUND = 5;
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** Builds the blank Vite React page (scripts/bench/floors/blank-vite) into the run's temporary folder. */
async function buildBlankPage(outDir) {
  const { build } = await import('vite');
  await build({ root: join(ROOT, 'scripts', 'bench', 'floors', 'blank-vite'), base: '/', logLevel: 'silent', configFile: false, build: { outDir, emptyOutDir: true } });
}

/** A plain static server for the blank page, uncompressed like the app's static files today. */
function serveStatic(dir) {
  return new Promise((res) => {
    const server = createServer((req, response) => {
      const path = normalize(join(dir, req.url === '/' ? 'index.html' : req.url.split('?')[0]));
      const file = path.startsWith(dir) && existsSync(path) ? path : join(dir, 'index.html');
      response.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
      response.end(readFileSync(file));
    });
    server.listen(0, '127.0.0.1', () => res(`http://127.0.0.1:${server.address().port}`));
    onCleanup(() => new Promise((r) => server.close(() => r())));
  });
}

/**
 * Where each cold load starts: a tiny page on another site (`localhost`, while the app and the blank page are
 * on 127.0.0.1), so both sides are reached by a cross-site navigation as a visitor's typed address or link is.
 */
function serveElsewhere() {
  return new Promise((res) => {
    const server = createServer((req, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end('<!doctype html><title>elsewhere</title><a href="/">a page on another site</a>');
    });
    server.listen(0, '127.0.0.1', () => res(`http://localhost:${server.address().port}/`));
    onCleanup(() => new Promise((r) => server.close(() => r())));
  });
}

const DIAGNOSTIC_LOADS = 3;

/**
 * Diagnostics only (never part of the measured figures): where the time of one cold load goes, from the
 * navigation's start, by resource timing. `firstFile`: the page's first file requested (late when the renderer
 * starts only after the page's answer, e.g. with `Origin-Agent-Cluster: ?1`); `lastFile`: the last script or
 * stylesheet fully in; `lazy`: files fetched before the first paint that index.html does not name.
 */
async function whereTimeGoes(browser, url, from) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    const page = await context.newPage();
    await page.goto(from, { waitUntil: 'load' });
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(
      (html) =>
        new Promise((resolve) => {
          const read = () => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            if (!fcp) return setTimeout(read, 20);
            const nav = performance.getEntriesByType('navigation')[0];
            const files = performance.getEntriesByType('resource').filter((r) => ['script', 'link', 'css'].includes(r.initiatorType) || /\.(js|css)$/.test(r.name));
            const beforePaint = files.filter((r) => r.startTime < fcp.startTime);
            resolve({
              html: nav.responseEnd,
              firstFile: Math.min(...files.map((r) => r.startTime)),
              lastFile: Math.max(...beforePaint.map((r) => r.responseEnd)),
              fcp: fcp.startTime,
              files: beforePaint.length,
              lazy: beforePaint.filter((r) => !html.includes(new URL(r.name).pathname)).length,
            });
          };
          read();
        }),
      await (await fetch(url)).text(),
    );
  } finally {
    await context.close();
  }
}

async function diagnose(browser, url, from) {
  const loads = [];
  for (let i = 0; i < DIAGNOSTIC_LOADS; i++) loads.push(await whereTimeGoes(browser, url, from));
  const m = (key) => median(loads.map((l) => l[key])).toFixed(0);
  return `html ${m('html')}, first file ${m('firstFile')}, last file ${m('lastFile')}, FCP ${m('fcp')} ms; ${m('files')} files before paint, ${m('lazy')} not named by the page`;
}

async function gzipBytes(urls) {
  let total = 0;
  for (const url of new Set(urls)) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  return total;
}

export default {
  name: 'login-page',
  title: '/login: JS gzip size and first contentful paint in headless Chromium vs a blank Vite React page',
  async run(ctx) {
    const { app } = await ctx.scaled();
    if (!existsSync(join(ROOT, 'web', 'dist', 'index.html'))) throw new Error('web/dist not built: run `npm run build`');
    const { browser, reason } = await launchChromium();
    if (!browser) throw new Error(reason);
    const blankDir = join(ctx.tmp(), 'blank-vite-dist');
    await buildBlankPage(blankDir);
    const blankBase = await serveStatic(blankDir);
    const from = await serveElsewhere();
    const appUrl = `${app.base}/login`;
    const blankUrl = `${blankBase}/`;
    const appJs = await gzipBytes((await coldLoad(browser, appUrl)).scripts);
    const blankJs = await gzipBytes((await coldLoad(browser, blankUrl)).scripts);
    const fcp = (url) => async () => {
      const samples = [];
      for (let i = 0; i < SAMPLES_PER_ROUND; i++) samples.push((await coldLoad(browser, url, { from })).fcp);
      return median(samples);
    };
    const results = await alternate(ctx.options.rounds, { floor: fcp(blankUrl), app: fcp(appUrl) });
    // After the measured rounds, so they change nothing above.
    const where = { app: await diagnose(browser, appUrl, from), floor: await diagnose(browser, blankUrl, from) };
    return [
      row({ scenario: '/login JS', metric: 'gzip kB', app: appJs / 1024, floor: blankJs / 1024, floorName: 'blank Vite React page', target: '≤ 1.3×', note: 'every script the page loads, gzip level 9' }),
      row({ scenario: '/login first contentful paint', metric: 'ms', app: results.app, floor: results.floor, floorName: 'blank Vite React page', target: '≤ 1.5×', note: `cold load in a fresh context, navigated to from a page on another site, median of ${SAMPLES_PER_ROUND} per round; diagnostic loads (median of ${DIAGNOSTIC_LOADS}, from navigation start): app ${where.app}; floor ${where.floor}` }),
    ];
  },
};
