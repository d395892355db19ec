// Browser test for what the sign-in page loads: none of the areas, the wall, the router or socket.io-client,
// which all arrive once someone signs in. Guards the code split of web/src/app/Root.tsx (docs/benchmarks.md, /login).
// Run after `npm run build`: node --test scripts/browser/signin-bundle.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserPool, browserSkipReason, eventually, seedTenant, startApp } from './harness.mjs';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
const ASSETS = join(DIST, 'assets');
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

/** Signs `executive` in from the sign-in form and waits for their area. */
async function signInAsExecutive(page, executive) {
  await page.getByLabel('Email').fill(executive.email);
  await page.getByLabel('Password', { exact: true }).fill(executive.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${app.url}/executive/profile`);
  await page.getByRole('heading', { name: 'My Profile' }).first().waitFor();
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
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(loaded.length > 0, 'the sign-in page loads its scripts');
  assert.deepEqual(loaded.filter((f) => offSignIn.has(f)), [], `the sign-in page loaded: ${loaded}`);
  const entries = await page.evaluate(() => history.length);

  // The same collection sees them once they are needed, so the check above would catch them.
  const executive = tenant.executives[0];
  await signInAsExecutive(page, executive);
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

/** The files web/dist/index.html itself asks for: its module script, modulepreloads and stylesheets. */
function filesOfIndexHtml() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const refs = (pattern) => [...html.matchAll(pattern)].map((m) => m[1].split('/').pop());
  return {
    scripts: [...refs(/<script[^>]+src="([^"]+)"/g), ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)],
    stylesheets: refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
  };
}

/**
 * Class names on the page's elements that no rule of the chosen stylesheets names (walking @media, @layer and
 * @supports blocks). `sheets`: the linked files to look in besides <style> elements, or null for every one. Tailwind's `group`/`peer` are
 * markers without rules of their own.
 */
const unstyledClasses = (page, sheets) =>
  page.evaluate((names) => {
    const selectors = [];
    const walk = (rules) => {
      for (const rule of rules) {
        if (rule.selectorText) selectors.push(rule.selectorText);
        if (rule.cssRules) walk(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      // A <style> element (react-hot-toast's generated classes) counts; of the linked files, only those named.
      if (names && sheet.href && !names.includes(sheet.href.split('/').pop())) continue;
      walk(sheet.cssRules);
    }
    const text = selectors.join('\n');
    const used = new Set([...document.querySelectorAll('[class]')].flatMap((el) => [...el.classList]));
    return [...used].filter((name) => !['group', 'peer'].includes(name) && !text.includes(`.${CSS.escape(name)}`));
  }, sheets);

test('the sign-in page paints from index.html alone: no lazily fetched chunk, one stylesheet of its own that styles all of it', { skip }, async () => {
  const own = filesOfIndexHtml();
  assert.equal(own.stylesheets.length, 1, `index.html links one stylesheet: ${own.stylesheets}`);
  // The routed app's chunk brings the full stylesheet; the sign-in page must not block on it.
  const appSheets = readdirSync(ASSETS).filter((f) => f.startsWith('App-') && f.endsWith('.css'));
  assert.equal(appSheets.length, 1, `the App chunk has its own stylesheet: ${appSheets}`);
  assert.ok(!own.stylesheets.includes(appSheets[0]), 'index.html links the full stylesheet');

  const { page } = await browsers.person();
  const requested = [];
  page.on('request', (r) => ['script', 'stylesheet'].includes(r.resourceType()) && requested.push(new URL(r.url()).pathname.split('/').pop()));
  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  // Everything fetched up to the first paint of the form is what index.html names: no request waterfall.
  const beforeForm = [...requested];
  // The paint entry is recorded a moment after the form is laid out: wait for it rather than look once.
  await eventually(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), (painted) => painted === 1, {
    message: 'the form is painted (one first-contentful-paint entry)',
  });
  assert.deepEqual(beforeForm.filter((f) => !own.scripts.includes(f) && !own.stylesheets.includes(f)), [], `fetched before the form showed: ${beforeForm}`);
  const blocking = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.renderBlockingStatus === 'blocking').map((r) => r.name.split('/').pop()));
  assert.deepEqual(blocking, own.stylesheets, 'the sign-in page blocks on its own stylesheet only');

  // Every class the sign-in screen uses, in each of its states, has a rule in that one stylesheet.
  assert.deepEqual(await unstyledClasses(page, own.stylesheets), [], 'classes on the sign-in page without a rule in its stylesheet');
  await page.getByRole('button', { name: 'Show password' }).click();
  await page.getByRole('button', { name: 'Hide password' }).waitFor();
  await page.getByLabel('Email').fill('nobody@bundle.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Invalid email or password').or(page.getByText('Login failed')).first().waitFor();
  assert.deepEqual(await unstyledClasses(page, own.stylesheets), [], 'classes on the sign-in page (password shown, after a failed sign-in) without a rule in its stylesheet');
  // Typing fetched the routed app ahead of signing in, with the full stylesheet.
  await page.waitForLoadState('networkidle');
  assert.ok(requested.includes(appSheets[0]), `the full stylesheet arrives with the routed app: ${requested}`);

  // Signed in, the area is styled by the stylesheets loaded by then.
  const executive = tenant.executives[0];
  await signInAsExecutive(page, executive);
  assert.deepEqual(await unstyledClasses(page, null), [], 'classes in the executive area without a rule');
});

test('/login shows the sign-in form from its HTML before any script runs, disabled until the app takes it over', { skip }, async () => {
  const { page } = await browsers.person();
  // Every script waits until released: what is on screen meanwhile came with the HTML and the stylesheet.
  let release;
  const released = new Promise((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/assets/*.js', async (route) => {
    held++;
    await released;
    await route.continue();
  });
  await page.goto(`${app.url}/login`, { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  // The route handler runs in this process, a moment after the page asks: wait for it to count the request.
  await eventually(() => held, (n) => n > 0, { message: 'the page asked for its scripts' });
  assert.equal(await page.getByLabel('Email').isDisabled(), true, 'nothing can be typed before the app runs');
  assert.equal(await page.getByLabel('Password', { exact: true }).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Sign In', exact: true }).isDisabled(), true);

  release();
  await signInAsExecutive(page, tenant.executives[0]);
  await page.getByText('Login successful!').waitFor();
});
