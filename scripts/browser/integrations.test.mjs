// Browser test for Integrations (webhooks): an admin adds an endpoint pointing at a real HTTP receiver this test
// starts, sees its signing secret once, sends a test event and sees the attempt in the delivery log; a real
// event (a task scored through the API) then shows up in the open log live, without a reload. The receiver
// checks every request's Standard Webhooks signature against the secret the screen showed.
// Run after `npm run build`: node --test scripts/browser/integrations.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { axeViolations } from './axe.mjs';
import { SUPERADMIN, browserPool, browserSkipReason, eventually, restClient, seedTenant, signIn, startApp, toastShown, trackNavigations } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
let app;
let tenant;
let api;
let adminToken;
let receiver;
const browsers = browserPool();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/integrations-${name}.png`, fullPage: true });

/** A receiver on 127.0.0.1 that keeps every request it got and answers 200 "ok", or 503 while `failNext` lasts. */
function startReceiver() {
  const receiver = { received: [], failNext: 0 };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (receiver.failNext > 0) {
        receiver.failNext--;
        res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
        return;
      }
      receiver.received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(Object.assign(receiver, { url: `http://127.0.0.1:${server.address().port}/hooks/kpi`, close: () => new Promise((r) => server.close(r)) })),
    ),
  );
}

/** The Standard Webhooks check a receiver makes: HMAC-SHA256 over `id.timestamp.body`, keyed with the secret's bytes. */
function signedWith(secret, { headers, raw }) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${raw}`).digest('base64')}`;
  return String(headers['webhook-signature']).split(' ').includes(expected);
}

/** Creates, submits and scores a task for the first executive. */
async function scoreTask(title) {
  const exec = tenant.executives[0];
  const task = await api.post('/tasks', adminToken, {
    title,
    description: 'Scored by the integrations test',
    assignedTo: exec._id,
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    reportLink: 'https://reports.example.com/integrations',
  });
  const { token } = await api.login(exec.email, exec.password);
  await api.put(`/tasks/${task._id}/submit`, token, { content: 'Done' });
  await api.put(`/tasks/${task._id}/score`, adminToken, { qualityScore: 9, initiativeScore: 8, feedback: 'Well done' });
}

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  // Loopback and plain http allowed: the receiver listens on 127.0.0.1 (development and tests only).
  // Retries after 3 s instead of 5 s, 5 min…, so a failing endpoint recovers within the test.
  app = await startApp({ WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_DELAYS: '3,3,3,3,3' });
  tenant = await seedTenant(app.url, { company: 'Hooks Browser Co', executives: ['Erin Exec'] });
  api = restClient(app.url);
  adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
  receiver = await startReceiver();
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
  await receiver?.close();
});

test('an admin adds an endpoint, sees its secret once, sends a test event and watches deliveries arrive in the log live', { skip }, async () => {
  const { page } = await browsers.person();
  await signIn(page, app.url, tenant.admin.email, tenant.admin.password);
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
  await page.getByRole('navigation', { name: /sections$/ }).getByRole('link', { name: 'Integrations' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/integrations');
  await page.getByRole('heading', { name: 'Integrations' }).waitFor();
  await page.getByText('No endpoints yet').waitFor();
  await shot(page, 'empty-1280');

  // Add: a chat kind offers only the chat events; the standard kind offers every one.
  await page.getByRole('button', { name: 'Add Endpoint' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Endpoint' });
  await form.getByLabel('Kind').selectOption('slack');
  assert.equal(await form.getByRole('checkbox').count(), 4);
  assert.equal(await form.getByRole('checkbox', { name: 'task.assigned' }).count(), 0);
  await form.getByLabel('Kind').selectOption('standard');
  assert.equal(await form.getByRole('checkbox').count(), 14);
  await form.getByLabel('URL').fill(receiver.url);
  await form.getByLabel('Description').fill('Our HR system');
  await form.getByRole('checkbox', { name: 'task.scored' }).check();
  await form.getByRole('checkbox', { name: 'badge.awarded' }).check();
  await shot(page, 'add-1280');
  assert.deepEqual(await axeViolations(page), [], 'the add form has no serious accessibility violation');
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  await toastShown(page, 'Endpoint added successfully');

  // The secret, once, with the warning and a copy button.
  const reveal = page.getByRole('dialog', { name: 'Signing Secret' });
  await reveal.waitFor();
  await reveal.getByText('you will not see it again').waitFor();
  const secret = await reveal.getByTestId('webhook-secret').inputValue();
  assert.match(secret, /^whsec_[A-Za-z0-9+/=]{20,}$/);
  assert.equal(await reveal.getByRole('button', { name: 'Copy' }).count(), 1);
  await shot(page, 'secret-1280');
  assert.deepEqual(await axeViolations(page), [], 'the secret dialog has no serious accessibility violation');
  await reveal.getByRole('button', { name: 'Done' }).click();
  await reveal.waitFor({ state: 'detached' });
  assert.equal((await page.content()).includes(secret), false, 'the secret is gone from the page once closed');

  const card = page.getByRole('listitem').filter({ has: page.getByTestId('endpoint-url') });
  assert.equal(await card.getByTestId('endpoint-url').textContent(), receiver.url);
  await card.getByText('Our HR system').waitFor();
  await card.getByText('Active', { exact: true }).waitFor();

  // Send test event: the attempt appears in the delivery log, and the receiver got a signed webhook.test.
  await card.getByRole('button', { name: 'Send test event' }).click();
  await toastShown(page, 'Test event delivered');
  const log = card.getByRole('list', { name: 'Delivery attempts' });
  const testRow = log.getByTestId('webhook-attempt').filter({ hasText: 'webhook.test' });
  await testRow.waitFor();
  assert.match(await testRow.textContent(), /Succeeded/);
  assert.equal(await testRow.getByTestId('attempt-status').textContent(), 'HTTP 200');
  const tests = receiver.received.filter((r) => r.body.type === 'webhook.test');
  assert.equal(tests.length, 1);
  assert.equal(tests[0].body.companyId, tenant.company._id);
  assert.equal(tests[0].body.seq, null);
  assert.ok(signedWith(secret, tests[0]), 'the test request carries a valid Standard Webhooks signature');
  await testRow.getByText('Response').click();
  await testRow.locator('pre').getByText('ok').waitFor();

  // A real event, scored through the API, lands in the open log without a reload.
  const navigations = trackNavigations(page);
  await scoreTask('Quarterly report');
  const scoredRow = log.getByTestId('webhook-attempt').filter({ hasText: 'task.scored' });
  await scoredRow.waitFor({ timeout: 15_000 });
  assert.match(await scoredRow.textContent(), /Succeeded.*seq \d+.*attempt 1.*HTTP 200/);
  assert.deepEqual(navigations, [], 'the log updated live, without a reload');
  const scored = await eventually(() => receiver.received.filter((r) => r.body.type === 'task.scored'), (list) => list.length === 1, { message: 'the receiver got the task.scored delivery' });
  assert.ok(signedWith(secret, scored[0]));
  assert.equal(scored[0].body.payload.task.title, 'Quarterly report');
  assert.match(await scoredRow.textContent(), new RegExp(`seq ${scored[0].body.seq}(?!\\d)`));
  await shot(page, 'log-1280');
  assert.deepEqual(await axeViolations(page), [], 'the open delivery log has no serious accessibility violation');

  // Redeliver sends the same event again, under its own id; the log shows the new attempt on top.
  await scoredRow.first().getByRole('button', { name: /^Redeliver event/ }).click();
  await toastShown(page, 'Event redelivered');
  await eventually(() => receiver.received.filter((r) => r.body.type === 'task.scored').length, (n) => n === 2);
  assert.equal(receiver.received.at(-1).headers['webhook-id'], scored[0].headers['webhook-id']);
  await eventually(() => log.getByTestId('webhook-attempt').first().textContent(), (t) => /task\.scored.*redeliver/.test(t));

  // The receiver fails twice: the endpoint shows Failing with its next retry, live, then recovers by itself.
  receiver.failNext = 2;
  await scoreTask('Second report');
  await card.getByText('Failing', { exact: true }).waitFor({ timeout: 15_000 });
  await card.getByText(/^\d failed attempts? · next retry /).waitFor();
  await log.getByTestId('webhook-attempt').filter({ hasText: 'HTTP 503' }).first().waitFor();
  await shot(page, 'failing-1280');
  const recovered = log.getByTestId('webhook-attempt').filter({ hasText: /Succeeded\s*task\.scored.*attempt 3/ });
  await recovered.waitFor({ timeout: 20_000 });
  await card.getByText('Active', { exact: true }).waitFor();
  assert.equal(await log.getByTestId('webhook-attempt').filter({ hasText: 'HTTP 503' }).count(), 2);
  assert.deepEqual(navigations, [], 'still no reload');

  // Rotate: the new secret is shown once; while the rotation lasts a delivery carries both signatures.
  page.once('dialog', (d) => d.accept());
  await card.getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = page.getByRole('dialog', { name: 'New Signing Secret' });
  await rotated.getByText('you will not see it again').waitFor();
  const newSecret = await rotated.getByTestId('webhook-secret').inputValue();
  assert.notEqual(newSecret, secret);
  await rotated.getByRole('button', { name: 'Done' }).click();
  await card.getByRole('button', { name: 'Send test event' }).click();
  await eventually(() => receiver.received.filter((r) => r.body.type === 'webhook.test').length, (n) => n === 2);
  const afterRotation = receiver.received.filter((r) => r.body.type === 'webhook.test')[1];
  assert.ok(signedWith(newSecret, afterRotation) && signedWith(secret, afterRotation), 'signed with the new secret and the previous one');

  // Edit: the description changes in place.
  await card.getByRole('button', { name: `Edit ${receiver.url}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Endpoint' });
  assert.equal(await edit.getByLabel('Kind').isDisabled(), true, 'the kind is fixed once created');
  await edit.getByLabel('Description').fill('Our HR system (EU)');
  await edit.getByRole('button', { name: 'Update Endpoint' }).click();
  await toastShown(page, 'Endpoint updated successfully');
  await card.getByText('Our HR system (EU)').waitFor();

  // Pause: the state changes in the list; a paused endpoint gets nothing.
  await card.getByRole('button', { name: 'Pause' }).click();
  await toastShown(page, 'Endpoint paused');
  await card.getByText('Paused', { exact: true }).waitFor();
  await card.getByText('Paused by an admin').waitFor();

  // Replay: bad input is refused in the API's words, naming the field.
  await card.getByRole('button', { name: 'Replay from sequence…' }).click();
  await card.getByLabel('From sequence').fill('999999');
  await card.getByRole('button', { name: 'Replay', exact: true }).click();
  await eventually(() => page.evaluate(() => window.__kpiToastsShown.slice()), (all) => all.some((t) => /sequence/i.test(t) && t !== 'Replaying from sequence 999999'), { message: "the API's message about the sequence number" });

  for (const [name, width, height] of [['desktop', 1280, 860], ['phone', 390, 844]]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    assert.ok(scrollWidth <= innerWidth, `no horizontal scroll at ${width}px (${scrollWidth} > ${innerWidth})`);
    await shot(page, name);
  }
});

test("the superadmin sees every company's endpoints and picks the company of a new one", { skip }, async () => {
  const other = await seedTenant(app.url, { company: 'Other Hooks Co', executives: [] });
  await api.post('/webhooks', adminToken, { url: `${receiver.url}/second`, description: 'Second one', eventTypes: ['task.assigned'] });
  const { page } = await browsers.person();
  await signIn(page, app.url, SUPERADMIN.email, SUPERADMIN.password);
  await page.waitForURL((u) => u.pathname.startsWith('/superadmin'));
  await page.getByRole('navigation', { name: /sections$/ }).getByRole('link', { name: 'Integrations' }).click();
  await page.getByRole('heading', { name: 'Integrations' }).waitFor();
  const urls = page.getByTestId('endpoint-url');
  await eventually(() => urls.allTextContents(), (list) => list.length === 2, { message: "the first company's two endpoints" });
  await page.getByText('Our HR system (EU) · Hooks Browser Co').waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add Endpoint' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Endpoint' });
  await form.getByLabel('URL').fill(`${receiver.url}/other`);
  await form.getByRole('checkbox', { name: 'badge.awarded' }).check();
  await shot(page, 'superadmin-add-phone');
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  await toastShown(page, 'Company is required');
  await form.getByLabel('Company').selectOption({ label: 'Other Hooks Co' });
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  const reveal = page.getByRole('dialog', { name: 'Signing Secret' });
  await reveal.getByText('you will not see it again').waitFor();
  await shot(page, 'secret-phone');
  await reveal.getByRole('button', { name: 'Done' }).click();
  await page.getByText('No description · Other Hooks Co').waitFor();
  const [created] = await api.get('/webhooks', other.rootToken).then((list) => list.filter((e) => e.url.endsWith('/other')));
  assert.equal(created.company, other.company._id);
  await shot(page, 'superadmin-phone');
});
