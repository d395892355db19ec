import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/app.mjs';
import { launchChromium } from '../lib/browser.mjs';
import { row } from '../lib/compare.mjs';
import { median } from '../lib/stats.mjs';

const SCALE_PASSWORD = 'scale-pass-2026';
const SCREENS = [
  { name: 'Task Management', path: '/admin/tasks' },
  { name: 'Leaderboards', path: '/admin/leaderboards' },
  { name: 'Statistics', path: '/admin/stats' },
];

/**
 * "Interactive" here: the later of the screen's last /api answer and the end of its last long main-thread
 * task (≥ 50 ms), measured by the page itself from navigation start after the network went quiet.
 */
async function openScreen(page, url) {
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() =>
          setTimeout(() => {
            const api = performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/'));
            const lastApi = Math.max(0, ...api.map((r) => r.responseEnd));
            const longTasks = (globalThis.__benchLongTasks ?? []).map((t) => t.startTime + t.duration);
            const nav = performance.getEntriesByType('navigation')[0];
            resolve({ ms: Math.max(lastApi, ...longTasks, nav?.domContentLoadedEventEnd ?? 0), apiCalls: api.length, apiKb: api.reduce((s, r) => s + (r.transferSize || r.encodedBodySize || 0), 0) / 1024, longest: Math.max(0, ...(globalThis.__benchLongTasks ?? []).map((t) => t.duration)) });
          }),
        );
      }),
  );
}

export default {
  name: 'browser-scale',
  optIn: true,
  title: 'admin of a 1,000-executive company opens Task Management, Leaderboards, Statistics: time until interactive',
  async run(ctx) {
    const { app, db, people } = await ctx.scaled();
    if (!existsSync(join(ROOT, 'web', 'dist', 'index.html'))) throw new Error('web/dist not built: run `npm run build`');
    const { browser, reason } = await launchChromium();
    if (!browser) throw new Error(reason);
    const company = people[0];
    const [{ email }] = await db.all('select email from users where id = ?', [company.admin.id]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.addInitScript(() => {
      globalThis.__benchLongTasks = [];
      try {
        new PerformanceObserver((list) => globalThis.__benchLongTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
      } catch {
        // no long task timing in this browser
      }
    });
    const page = await context.newPage();
    await page.goto(`${app.base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SCALE_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/admin/, { timeout: 60_000 });
    const rows = [];
    for (const screen of SCREENS) {
      const samples = [];
      for (let r = 0; r < ctx.options.rounds; r++) samples.push(await openScreen(page, `${app.base}${screen.path}`));
      const last = samples[samples.length - 1];
      rows.push(row({ scenario: `admin opens ${screen.name} (${company.execs.length} executives)`, metric: 'ms to interactive', app: samples.map((s) => s.ms), target: '≤ 1500 ms', note: `${last.apiCalls} api calls, ${last.apiKb.toFixed(0)} kB; longest main-thread task ${median(samples.map((s) => s.longest)).toFixed(0)} ms` }));
    }
    await context.close();
    return rows;
  },
};
