// Browser test for what the sign-in page loads: none of the areas, the wall, the router or socket.io-client,
// which all arrive once someone signs in. Guards the code split of web/src/app/Root.tsx (docs/benchmarks.md, /login).
// Run after `npm run build`: node --test scripts/browser/signin-bundle.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserPool, browserSkipReason, seedTenant, startApp } from './harness.mjs';

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist', 'assets');
const skip = browserSkipReason();
let app;
let tenant;
const browsers = browserPool();

before(async () => {
  if (skip) return;
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Bundle Browser Co', executives: ['Erin Exec'] });
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

const scripts = () => readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
/** The built chunk named after `module` (Rolldown names a lazily loaded module's chunk after it). */
function chunkOf(module) {
  const found = scripts().filter((f) => f.startsWith(`${module}-`));
  assert.equal(found.length, 1, `one ${module} chunk in web/dist/assets: ${found}`);
  return found[0];
}
/** The built chunks whose code contains `marker` (found by content: shared chunks have no stable name). */
function chunksContaining(marker, what) {
  const found = scripts().filter((f) => readFileSync(join(ASSETS, f), 'utf8').includes(marker));
  assert.ok(found.length > 0, `no chunk in web/dist/assets holds ${what}`);
  return found;
}

test('the sign-in page loads no area, wall, router or socket.io-client code; signing in loads them', { skip }, async () => {
  const areas = ['SuperadminArea', 'AdminArea', 'ExecutiveArea', 'WallPage', 'App'].map(chunkOf);
  // Engine.IO's protocol query parameter, set by socket.io-client when it opens a connection.
  const socketIo = chunksContaining('.EIO=', 'socket.io-client');
  // react-router's own error text for a hook used outside a router.
  const router = chunksContaining('useNavigate() may be used only', 'react-router');
  const offSignIn = new Set([...areas, ...socketIo, ...router]);

  const { page } = await browsers.person();
  const loaded = [];
  page.on('request', (r) => r.resourceType() === 'script' && loaded.push(new URL(r.url()).pathname.split('/').pop()));
  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(loaded.length > 0, 'the sign-in page loads its scripts');
  assert.deepEqual(loaded.filter((f) => offSignIn.has(f)), [], `the sign-in page loaded: ${loaded}`);
  const entries = await page.evaluate(() => history.length);

  // The same collection sees them once they are needed, so the check above would catch them.
  const executive = tenant.executives[0];
  await page.getByLabel('Email').fill(executive.email);
  await page.getByLabel('Password', { exact: true }).fill(executive.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${app.url}/executive`);
  await page.getByRole('heading', { name: 'My Profile' }).first().waitFor();
  await page.getByText('Login successful!').waitFor();
  for (const chunk of [chunkOf('App'), chunkOf('ExecutiveArea'), ...socketIo]) {
    assert.ok(loaded.includes(chunk), `${chunk} requested after signing in: ${loaded}`);
  }
  for (const chunk of [chunkOf('AdminArea'), chunkOf('SuperadminArea'), chunkOf('WallPage')]) {
    assert.ok(!loaded.includes(chunk), `the executive area loaded ${chunk}`);
  }
  // The area replaced the sign-in page in history, as before, rather than adding an entry after it.
  assert.equal(await page.evaluate(() => history.length), entries);
});
