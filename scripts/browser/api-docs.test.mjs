// Browser test for the API reference: Swagger UI at /api/docs renders the generated document under the
// server's content security policy, and "Try it out" works with a bearer token.
// Run after `npm run build`: node --test scripts/browser/api-docs.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SUPERADMIN, browserPool, browserSkipReason, eventually, startApp } from './harness.mjs';

const skip = browserSkipReason();
let app;
const browsers = browserPool();

before(async () => {
  if (skip) return;
  app = await startApp();
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('Swagger UI renders every operation with no CSP violation, and calls the API with a token', { skip }, async () => {
  const { page } = await browsers.person();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${app.url}/api/docs`);
  await page.locator('.opblock').first().waitFor();

  const doc = await (await fetch(`${app.url}/api/openapi.json`)).json();
  const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  // Swagger UI may still be adding operations after the first one shows: wait for all of them.
  await eventually(() => page.locator('.opblock').count(), (n) => n === operations, { message: `Swagger UI shows ${operations} operations` });
  assert.match(await page.locator('.info .title').innerText(), /KPI Tracker API/);
  // Swagger UI reports a document it cannot read as an error box; there must be none.
  assert.equal(await page.locator('.errors-wrapper').count(), 0);

  // Sign in through the page itself, then authorize and call an operation that needs the token.
  const login = await (await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SUPERADMIN) })).json();
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.locator('.auth-container input').first().fill(login.token);
  await page.locator('.auth-btn-wrapper button.authorize').first().click();
  await page.locator('.auth-btn-wrapper button.btn-done').first().click();
  const verify = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/auth/verify"]') });
  await verify.locator('.opblock-summary').click();
  await verify.getByRole('button', { name: 'Try it out' }).click();
  await verify.getByRole('button', { name: 'Execute' }).click();
  const status = verify.locator('.live-responses-table tr.response .response-col_status').first();
  await status.waitFor();
  assert.match(await status.innerText(), /200/);
  // The body is highlighted after it is inserted: read it once it holds the answer.
  await eventually(() => verify.locator('.live-responses-table .microlight').first().innerText(), (t) => t.includes(SUPERADMIN.email), {
    message: `the response body names ${SUPERADMIN.email}`,
  });

  assert.deepEqual(problems.filter((p) => /Content Security Policy|Refused to/i.test(p)), []);
  assert.deepEqual(problems, []);
});
