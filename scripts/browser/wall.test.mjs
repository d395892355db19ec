// Browser test for the office wall display: a screen at /wall shows a pairing code, an admin claims it (REST),
// the screen shows the live leaderboard and pinned announcements, updates without reloading when a score
// lands or the connection drops, and goes back to a pairing code when the display is revoked.
// Run after `npm run build`: node --test scripts/browser/wall.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { browserPool, browserSkipReason, eventually, restClient, seedTenant, signIn, startApp, trackNavigations } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const CODE = /^[A-HJKMNP-Z2-9]{3}-[A-HJKMNP-Z2-9]{3}$/;
const skip = browserSkipReason();
let app;
let tenant;
let api;
let adminToken;
const browsers = browserPool();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/wall-${name}.png` });

/** Resolves on the wall socket's next `resync`: the server has placed it in its rooms (walls get no replay). */
const wallSocketLive = (page) =>
  new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('42["resync"')) resolve();
      });
    });
  });

/** Creates, submits and scores a task due tomorrow (time score 10): total = 0.4·q + 4 + 0.2·i. */
async function scoreTask(exec, qualityScore, initiativeScore) {
  const task = await api.post('/tasks', adminToken, {
    title: `Task for ${exec.name}`,
    description: 'Scored by the wall test',
    assignedTo: exec._id,
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    reportLink: 'https://reports.example.com/wall',
  });
  const { token } = await api.login(exec.email, exec.password);
  await api.put(`/tasks/${task._id}/submit`, token, { content: 'Done' });
  const scored = await api.put(`/tasks/${task._id}/score`, adminToken, { qualityScore, initiativeScore, feedback: 'Well done' });
  return scored.scoring.totalScore;
}

const row = (page, name) => page.getByTestId('wall-row').filter({ hasText: name });
const totalOf = async (page, name) => Number(await row(page, name).getByTestId('total-score').textContent());

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  tenant = await seedTenant(app.url, {
    company: 'Wall Browser Co',
    executives: ['Erin Exec', 'Evan Exec', 'Ella Exec', 'Eddie Exec', 'Emma Exec', 'Eli Exec', 'Eva Exec', 'Ezra Exec', 'Elsa Exec', 'Emil Exec', 'Enzo Exec'],
  });
  api = restClient(app.url);
  adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
  // Eleven executives with different totals, so the board is full and one sits just outside the top 10.
  const [erin, evan, ...rest] = tenant.executives;
  await scoreTask(erin, 9, 8);
  await scoreTask(erin, 8, 6);
  await scoreTask(evan, 7, 5);
  for (const [i, exec] of rest.entries()) await scoreTask(exec, 9 - (i % 8), Math.max(0, 8 - i));
  await api.post('/announcements', adminToken, { title: 'Quarterly all-hands on Friday', content: 'Pizza at noon in the main hall. Bring your questions for the leadership team.', priority: 'high', isPinned: true });
  await api.post('/announcements', adminToken, { title: 'Not on the wall', content: 'An unpinned note.' });
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('a wall pairs by code, shows the live board, updates without reloading and returns to pairing when revoked', { skip }, async () => {
  const { page } = await browsers.person();
  await page.setViewportSize({ width: 1920, height: 1080 });
  let live = wallSocketLive(page);
  await page.goto(`${app.url}/wall`);

  // Not signed in, no dashboard: a code in huge type.
  const codeEl = page.getByTestId('pairing-code');
  await codeEl.waitFor();
  const code = (await codeEl.textContent()).trim();
  assert.match(code, CODE);
  assert.equal(await page.getByRole('button', { name: 'Logout' }).count(), 0);
  await page.getByText(/Code expires in \d:\d\d/).waitFor();
  await shot(page, 'pairing-1920');

  const navigations = trackNavigations(page);
  const display = await api.post('/walls/claim', adminToken, { code, name: 'Lobby TV' });
  assert.equal(display.name, 'Lobby TV');

  // The screen picks up its token by itself and shows the board.
  const now = new Date();
  await page.getByRole('heading', { name: `${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()} Leaderboard` }).waitFor({ timeout: 10_000 });
  await page.getByText('Wall Browser Co').waitFor();
  await live;
  assert.equal(await page.getByTestId('wall-row').count(), 10);
  const first = page.getByTestId('wall-row').first();
  assert.match(await first.textContent(), /🥇\s*Erin Exec/);
  assert.equal(await totalOf(page, 'Erin Exec'), 17.6);
  await page.getByText('Quarterly all-hands on Friday').waitFor();
  assert.equal(await page.getByText('Not on the wall').count(), 0);
  await page.getByText(/^Updated \d\d:\d\d$/).waitFor();
  const stored = await page.evaluate(() => ({ wall: localStorage.getItem('wallToken'), user: localStorage.getItem('token') }));
  assert.ok(stored.wall, 'the display token is kept under wallToken');
  assert.equal(stored.user, null);
  await shot(page, 'board-1920');

  // A score lands: Evan climbs to the top, without a reload, and his row celebrates.
  const evanBefore = await totalOf(page, 'Evan Exec');
  const added = await scoreTask(tenant.executives[1], 10, 10);
  const evanAfter = Math.round((evanBefore + added) * 10) / 10;
  await page.waitForFunction(
    ([name, total]) => [...document.querySelectorAll('[data-testid="wall-row"]')].some((r) => r.textContent.includes(name) && r.querySelector('[data-testid="total-score"]').textContent === total),
    ['Evan Exec', evanAfter.toFixed(1)],
    { timeout: 5000 },
  );
  await row(page, 'Evan Exec').getByTestId('score-raise').waitFor();
  assert.equal(await row(page, 'Evan Exec').getByTestId('score-raise').textContent(), `+${added.toFixed(1)}`);
  await page.waitForTimeout(400);
  await shot(page, 'celebration-1920');
  await page.waitForFunction(() => document.querySelector('[data-testid="wall-row"]').textContent.includes('Evan Exec'), null, { timeout: 5000 });
  assert.equal(await page.getByTestId('wall-row').first().getAttribute('data-rank'), '1');

  // Pinned announcements come and go live; unpinned ones never show.
  const flash = await api.post('/announcements', adminToken, { title: 'Fire drill at 3 pm', content: 'Meet at the car park.', priority: 'urgent', isPinned: true });
  await page.getByText('Fire drill at 3 pm').waitFor();
  await api.post('/announcements', adminToken, { title: 'Quiet note', content: 'Not pinned.' });
  await api.put(`/announcements/${flash._id}/pin`, adminToken, { isPinned: false });
  await page.getByText('Fire drill at 3 pm').waitFor({ state: 'detached' });
  assert.equal(await page.getByText('Quiet note').count(), 0);
  assert.deepEqual(navigations, [], 'live updates never reload the page');

  // The connection drops: quietly at first (the status dot), the stale banner after 30 s without the server,
  // then the wall reconnects by itself and refetches.
  live = wallSocketLive(page);
  await page.context().setOffline(true);
  await page.waitForFunction(() => document.querySelector('[data-testid="wall-updated"]')?.dataset.connection === 'lost', null, { timeout: 10_000 });
  assert.equal(await page.getByText('Connection lost — reconnecting…').count(), 0, 'a blip of a few seconds shows no banner');
  await page.getByText('Connection lost — reconnecting…').waitFor({ timeout: 45_000 });
  await page.getByText(/^Updated \d\d:\d\d$/).waitFor();
  await shot(page, 'stale-1920');
  await scoreTask(tenant.executives[2], 10, 10); // while the wall is offline
  await page.context().setOffline(false);
  await live;
  await page.getByText('Connection lost — reconnecting…').waitFor({ state: 'detached', timeout: 15_000 });
  const ellaNow = await (await fetch(`${app.url}/api/walls/me/board`, { headers: { authorization: `Bearer ${stored.wall}` } })).json();
  const ella = ellaNow.top10.find((e) => e.user.name === 'Ella Exec');
  await page.waitForFunction(
    ([name, total]) => [...document.querySelectorAll('[data-testid="wall-row"]')].some((r) => r.textContent.includes(name) && r.querySelector('[data-testid="total-score"]').textContent === total),
    ['Ella Exec', ella.totalScore.toFixed(1)],
    { timeout: 5000 },
  );
  assert.deepEqual(navigations, [], 'reconnecting never reloads the page');

  await page.waitForTimeout(1200); // Ella's climb has finished sliding
  await shot(page, 'reconnected-1920');

  // Readable on a smaller TV too.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.waitForTimeout(300);
  await shot(page, 'board-1280');
  // A row still sliding (or a refetch's late redraw) is measured where it is headed: look until the rows rest.
  const overflowing = () =>
    page.evaluate(() => {
      const rows = [...document.querySelectorAll('[data-testid="wall-row"]')];
      return rows.filter((r) => r.scrollWidth > r.clientWidth + 1 || r.getBoundingClientRect().bottom > window.innerHeight).length;
    });
  await eventually(overflowing, (n) => n === 0, { timeout: 5000, message: 'every row fits the 1280x720 screen' });
  await page.setViewportSize({ width: 1920, height: 1080 });

  // Revoked: the screen is disconnected at once, forgets its token and shows a new code.
  await api.del(`/walls/${display._id}`, adminToken);
  await codeEl.waitFor({ timeout: 10_000 });
  // The used code is never shown again: the next one appears once the server hands it out.
  const next = (await codeEl.textContent()).trim();
  assert.match(next, CODE);
  assert.notEqual(next, code);
  await eventually(() => page.evaluate(() => localStorage.getItem('wallToken')), (token) => token === null, { message: 'the revoked display token is forgotten' });
  assert.deepEqual(navigations, [], 'going back to pairing never reloads the page');
  await shot(page, 'revoked-1920');
});

test('a paired wall stays paired across a reload, and a revoked token found at start goes back to pairing', { skip }, async () => {
  const { page } = await browsers.person();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${app.url}/wall`);
  const codeEl = page.getByTestId('pairing-code');
  await codeEl.waitFor();
  const display = await api.post('/walls/claim', adminToken, { code: (await codeEl.textContent()).trim() });
  await page.getByText('Wall Browser Co').waitFor({ timeout: 10_000 });

  await page.reload();
  await page.getByTestId('wall-row').first().waitFor();
  const list = await api.get('/walls', adminToken);
  assert.ok(list.some((d) => d._id === display._id && d.lastSeenAt));

  // With reduced motion a climb changes places without sliding or confetti; the score still shows.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const last = page.getByTestId('wall-row').last();
  const lastName = (await last.textContent()).match(/E\w+ Exec/)[0];
  const climber = tenant.executives.find((e) => e.name === lastName);
  await scoreTask(climber, 10, 10);
  await row(page, climber.name).getByTestId('score-raise').waitFor();
  const moving = await page.evaluate(() =>
    document.getAnimations().filter((a) => a.effect.getKeyframes().some((k) => k.transform && k.transform !== 'none')).length,
  );
  assert.equal(moving, 0);

  // Revoked while the screen is closed: at the next start the stored token is refused and cleared.
  await page.goto('about:blank');
  await api.del(`/walls/${display._id}`, adminToken);
  await page.goto(`${app.url}/wall`);
  await codeEl.waitFor({ timeout: 10_000 });
  await eventually(() => page.evaluate(() => localStorage.getItem('wallToken')), (token) => token === null, { message: 'the refused display token is cleared' });
});

test("an admin pairs a wall by typing its code in the Leaderboards screen, and revokes it there", { skip }, async () => {
  const wall = (await browsers.person()).page;
  await wall.goto(`${app.url}/wall`);
  const codeEl = wall.getByTestId('pairing-code');
  await codeEl.waitFor();
  const code = (await codeEl.textContent()).trim();

  const admin = (await browsers.person()).page;
  await signIn(admin, app.url, tenant.admin.email, tenant.admin.password);
  await admin.waitForURL(`${app.url}/admin/executives`);
  await admin.goto(`${app.url}/admin/leaderboards`);
  await admin.getByLabel('Pairing code').fill(code.toLowerCase().replace('-', ''));
  await admin.getByLabel('Display name (optional)').fill('Reception TV');
  await admin.getByRole('button', { name: 'Pair display' }).click();
  await admin.getByText('Display paired successfully').waitFor();
  await wall.getByText('Wall Browser Co').waitFor({ timeout: 10_000 });
  await wall.getByTestId('wall-row').first().waitFor();

  admin.once('dialog', (d) => {
    assert.equal(d.message(), 'Are you sure you want to revoke this display?');
    void d.accept();
  });
  await admin.getByRole('button', { name: 'Revoke Reception TV' }).click();
  await codeEl.waitFor({ timeout: 10_000 });
  assert.notEqual((await codeEl.textContent()).trim(), code);
});
