import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPassword, demoPasswordFile } from '../../src/seed/demo-password';
import { bearer } from '../utils/factories';
import { login, startTestApp, SUPERADMIN, type TestApp } from '../utils/test-app';

describe('the demo seed is never a back door', () => {
  describe('with a superadmin configured', () => {
    let t: TestApp;
    // DEMO_SEED unset, as on a real install: the default decides.
    beforeAll(async () => (t = await startTestApp({ DEMO_SEED: '' })));
    afterAll(() => t.close());

    it('seeds no demo accounts and writes no demo password', async () => {
      const root = await login(t, SUPERADMIN.email, SUPERADMIN.password);
      expect((await t.http.get('/api/companies').set(bearer(root.token))).body).toEqual([]);
      expect((await t.http.post('/api/auth/login').send({ email: 'superadmin@kpi.demo', password: 'demo-pass-2026' })).status).toBe(401);
      expect(() => statSync(demoPasswordFile(t.dataDir))).toThrow();
    });
  });

  describe('without one', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ DEMO_SEED: '', SUPERADMIN_EMAIL: '', SUPERADMIN_PASSWORD: '' })));
    afterAll(() => t.close());

    it('seeds the demo with a password generated for this install, kept in the data folder for its owner only', async () => {
      const password = demoPassword(t.dataDir);
      expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
      expect(statSync(demoPasswordFile(t.dataDir)).mode & 0o077).toBe(0);
      expect((await t.http.post('/api/auth/login').send({ email: 'superadmin@kpi.demo', password: 'demo-pass-2026' })).status).toBe(401);
      const root = await login(t, 'superadmin@kpi.demo', password);
      expect((await t.http.get('/api/companies').set(bearer(root.token))).body.length).toBeGreaterThanOrEqual(2);
    });

    it('another install gets another password', () => {
      expect(demoPassword(mkdtempSync(join(tmpdir(), 'kpi-other-')))).not.toBe(demoPassword(t.dataDir));
    });
  });
});
