import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { onCleanup } from './process.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Debian's Chromium through playwright-core, closed at cleanup; null (with a reason) when it is missing. */
export async function launchChromium() {
  if (!existsSync(CHROMIUM)) return { browser: null, reason: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)` };
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  onCleanup(() => browser.close());
  return { browser, reason: null };
}

/**
 * First contentful paint and the JS files of one cold load of `url` in a fresh context (empty cache).
 * `from`: a page on another site opened first, so `url` is reached the way a person reaches it (a typed address
 * or a link from elsewhere): a cross-site navigation, which starts a new renderer process whatever the headers.
 * Straight from the tab's initial about:blank, Chromium reuses that tab's process unless the response asks for a
 * new browsing context group (Cross-Origin-Opener-Policy), which no real visit does.
 */
export async function coldLoad(browser, url, { from } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    const page = await context.newPage();
    if (from) await page.goto(from, { waitUntil: 'load' });
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          const read = () => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            if (!fcp) return setTimeout(read, 20);
            const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js') || r.initiatorType === 'script').map((r) => r.name);
            resolve({ fcp: fcp.startTime, scripts });
          };
          read();
        }),
    );
  } finally {
    await context.close();
  }
}
