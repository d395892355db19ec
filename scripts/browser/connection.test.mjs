// Browser test for honest staleness: the shell's quiet connection indicator while the server is away, and the
// recovery without a reload when the same server (same port, same data) comes back.
// Run after `npm run build`: node --test scripts/browser/connection.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserPool, browserSkipReason, freePort, restClient, seedTenant, signIn, startApp, trackNavigations } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
const browsers = browserPool();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/connection-${name}.png` });
const dataDir = mkdtempSync(join(tmpdir(), 'kpi-restart-'));
let env;
let app;
let tenant;

const indicator = (page) => page.getByTestId('connection');
const toneIs = (page, tone, timeout) =>
  page.waitForFunction((want) => document.querySelector('[data-testid="connection"]')?.getAttribute('data-tone') === want, tone, { timeout });

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  env = { PORT: String(await freePort()), DATABASE_URL: `sqlite:${join(dataDir, 'kpi.sqlite')}` };
  app = await startApp(env);
  tenant = await seedTenant(app.url, { company: 'Restart Browser Co', executives: ['Erin Exec'] });
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the server stops: the shell says reconnecting, then offline since when; it comes back: live again, no reload', { skip }, async () => {
  const { page } = await browsers.person();
  const exec = tenant.executives[0];
  await signIn(page, app.url, exec.email, exec.password);
  await page.waitForURL(new RegExp(`${app.url}/executive$`));
  await page.getByRole('link', { name: 'Announcements' }).click();
  await page.getByText('No announcements available').waitFor();
  await toneIs(page, 'live', 10_000);
  // Quiet while all is well: a dot, the word only for screen readers.
  assert.equal(await indicator(page).textContent(), 'Live');
  const word = await indicator(page).getByText('Live', { exact: true }).boundingBox();
  assert.ok(word.width <= 1 && word.height <= 1, 'the word "Live" is for screen readers only (sr-only)');
  const navigations = trackNavigations(page);

  await app.stop();
  await indicator(page).getByText('Reconnecting…').waitFor({ timeout: 10_000 });
  assert.ok((await indicator(page).getByText('Reconnecting…').boundingBox()).width > 20, 'not live: the word shows beside the dot');
  await shot(page, 'reconnecting');
  await indicator(page).getByText(/^Offline since \d\d:\d\d$/).waitFor({ timeout: 20_000 });
  await shot(page, 'offline');

  // The same server comes back (same port, same database); the company moved on before the page reconnects.
  app = await startApp(env);
  const api = restClient(app.url);
  const { token } = await api.login(tenant.admin.email, tenant.admin.password);
  await api.post('/announcements', token, { title: 'Posted while you were away', content: 'The replay (or the refetch) brings it.' });
  await toneIs(page, 'live', 30_000);
  await page.getByRole('heading', { name: 'Posted while you were away' }).waitFor({ timeout: 10_000 });
  await shot(page, 'recovered');
  assert.deepEqual(navigations, [], 'recovering never reloads the page');

  // And it is live again for what happens next.
  await api.post('/announcements', token, { title: 'Live after the restart', content: 'Straight from the socket.' });
  await page.getByRole('heading', { name: 'Live after the restart' }).waitFor({ timeout: 10_000 });
});

test('a short drop: the missed announcement comes in the replay, applied as it arrives, with no refetch', { skip }, async () => {
  const { page } = await browsers.person();
  const exec = tenant.executives[0];
  // The page's socket goes through this route, so the test can lose what the server sends it and then drop it;
  // what the server sends the page is kept to look at. (Refusing the reconnect in the route instead would hang
  // it: a socket closed before its handshake gets no error, so socket.io-client waits out its 20 s timeout.)
  let losing = false;
  let current = null;
  const fromServer = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      fromServer.push(String(message));
      if (!losing) ws.send(message);
    });
    current = ws;
  });
  await signIn(page, app.url, exec.email, exec.password);
  await page.waitForURL(new RegExp(`${app.url}/executive$`));
  await page.getByRole('link', { name: 'Announcements' }).click();
  await page.waitForURL(/\/announcements$/);
  await page.waitForLoadState('networkidle');
  await toneIs(page, 'live', 10_000);
  const api = restClient(app.url);
  const { token } = await api.login(tenant.admin.email, tenant.admin.password);

  // The announcement is lost on its way to the page, and then the connection drops.
  losing = true;
  await api.post('/announcements', token, { title: 'Missed for a moment', content: 'Replayed, not refetched.' });
  const lost = () => fromServer.some((m) => m.startsWith('42["announcement.created",') && m.includes('Missed for a moment'));
  for (let waited = 0; !lost(); waited += 50) {
    assert.ok(waited < 10_000, 'the server sent the announcement');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(await page.getByRole('heading', { name: 'Missed for a moment' }).count(), 0, 'the page never got it live');
  const refetches = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/announcements')) refetches.push(r.url());
  });
  const before = fromServer.length;
  const dropped = current;
  losing = false;
  await dropped.close();
  await page.getByRole('heading', { name: 'Missed for a moment' }).waitFor({ timeout: 15_000 });
  await toneIs(page, 'live', 10_000);
  // It came in one `replay` message before `sync` (contracts' HandshakeAuth), and the list was not fetched again.
  const after = fromServer.slice(before);
  const replayAt = after.findIndex((m) => m.startsWith('42["replay",'));
  assert.ok(replayAt >= 0 && after[replayAt].includes('Missed for a moment'), 'the missed announcement came in a replay message');
  assert.ok(after.findIndex((m) => m.startsWith('42["sync",')) > replayAt, 'sync follows the replay');
  assert.deepEqual(refetches, [], 'the screen applied the replay instead of refetching');
  await shot(page, 'replayed');
});
