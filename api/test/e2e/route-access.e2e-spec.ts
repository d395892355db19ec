import { Controller, Get, Module } from '@nestjs/common';
import { AppModule } from '../../src/app.module';
import { ROLES } from '@kpi/contracts';
import { login, startTestApp, SUPERADMIN, type TestApp } from '../utils/test-app';
import { routeTable } from '../utils/route-table';

/** Deliberately undecided: neither @Public nor @Roles. The guard must refuse it to every role. */
@Controller('undecided')
class UndecidedController {
  @Get()
  open() {
    return { leaked: true };
  }
}
@Module({ controllers: [UndecidedController] })
class UndecidedModule {}

describe('every route decides who may call it (deny by default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('each route in the Nest route table is @Public or names its roles', () => {
    const routes = routeTable(t.app);
    expect(routes.length).toBeGreaterThan(30);
    const undecided = routes.filter((r) => !r.isPublic && !r.roles?.length).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(undecided).toEqual([]);
    for (const r of routes) for (const role of r.roles ?? []) expect(ROLES).toContain(role);
  });

  it('the public routes are exactly sign-in (password, link, forgot, single sign-on), health, a wall screen’s own and an email’s signed unsubscribe link', () => {
    const publicRoutes = routeTable(t.app)
      .filter((r) => r.isPublic)
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /api/auth/sso/callback',
      'GET /api/health',
      'GET /api/walls/me/board',
      'GET /api/walls/pairings/:pairingId',
      'POST /api/auth/forgot-password',
      'POST /api/auth/login',
      'POST /api/auth/password-links/inspect',
      'POST /api/auth/password-links/redeem',
      'POST /api/auth/sso/start',
      'POST /api/mail/unsubscribe',
      'POST /api/walls/pairings',
    ]);
  });
});

describe('a route added without a decision', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The same app, plus one controller nobody decided on.

    const forRoot = AppModule.forRoot.bind(AppModule);
    const spy = jest.spyOn(AppModule, 'forRoot').mockImplementation((config) => {
      const mod = forRoot(config);
      return { ...mod, imports: [...(mod.imports ?? []), UndecidedModule] };
    });
    t = await startTestApp();
    spy.mockRestore();
  });
  afterAll(() => t.close());

  it('is refused to the superadmin with 403', async () => {
    const { token } = await login(t, SUPERADMIN.email, SUPERADMIN.password);
    const res = await t.http.get('/api/undecided').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(res.body.leaked).toBeUndefined();
  });

  it('shows up in the route table check', () => {
    const undecided = routeTable(t.app).filter((r) => !r.isPublic && !r.roles?.length);
    expect(undecided.map((r) => r.path)).toEqual(['/api/undecided']);
  });
});
