import 'reflect-metadata';
import { ConsoleLogger, type INestApplication, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/knex';
import { AppModule } from './app.module';
import { ErrorFilter } from './common/errors/error.filter';
import { PreparedAnswersAdapter } from './common/http/prepared-answers.adapter';
import { applyRequestEdges } from './common/http/request-edges';
import { RequestScopeMiddleware } from './common/request-scope/request-scope.middleware';
import { wantsPretty } from './common/logging/logging';
import { NestPinoLogger } from './common/logging/nest-logger';
import { securityHeaders } from './common/http/security-headers';
import type { AppConfig } from './config/env';
import { ensureSuperadmin } from './seed/superadmin';
import { isEmptyDatabase, seedDemo, type DemoLogin } from './seed/demo';
import { demoPassword } from './seed/demo-password';
import { underStartupLock } from './database/startup-lock';
import { setupOpenApi } from './openapi/setup-openapi';
import { PushOnlyIoAdapter } from './realtime/push-only-io.adapter';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { webAssets } from './web/web-assets';

const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug'];

export interface StartedApp {
  app: INestApplication;
  demoLogins: DemoLogin[] | null;
}

/** Builds the app, applies pending migrations, and seeds an empty database as configured. */
export async function createApp(config: AppConfig): Promise<StartedApp> {
  // Start-up logs wait for pino (api/src/common/logging), which writes JSON lines at LOG_LEVEL; should the start fail
  // first, Nest's console logger prints them, at the same levels, as JSON lines too unless a person is watching.
  const logLevels = LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1);
  const app = await NestFactory.create(AppModule.forRoot(config), new PreparedAnswersAdapter(), {
    bufferLogs: true,
    logger: wantsPretty(config) ? logLevels : new ConsoleLogger({ json: true, logLevels }),
    // Our own parser, JSON only and size-limited (common/http/request-edges.ts).
    bodyParser: false,
  });
  app.useLogger(app.get(NestPinoLogger));
  app.setGlobalPrefix('api');
  applyRequestEdges(app, config.trustProxy);
  app.useGlobalFilters(new ErrorFilter());
  // helmet's headers, computed once (common/http/security-headers.ts).
  app.use(securityHeaders());
  // After helmet, so the docs page is served under the same content security policy.
  setupOpenApi(app, 'api');
  // The built web app, precompressed and cached by hash (web/web-assets.ts); ahead of the routes, after helmet.
  app.use(webAssets(config.webDist));
  // Every API request's log and scope (common/request-scope), ahead of the routes.
  app.use(app.get(RequestScopeMiddleware).use);

  try {
    // The core MikroORM token: registered whichever driver DATABASE_URL picks (the driver packages' own differ).
    const orm = app.get(MikroORM);
    // Instances starting together on one PostgreSQL database take turns here (database/startup-lock.ts).
    const demoLogins = await underStartupLock(orm, config.database, async () => {
      await orm.migrator.up();
      const em = orm.em.fork() as unknown as EntityManager;
      const firstRun = await isEmptyDatabase(em);
      await ensureSuperadmin(em, config);
      return config.demoSeed && firstRun ? await seedDemo(em, demoPassword(config.dataDir)) : null;
    });
    if (config.redisUrl) {
      // Several instances share Socket.IO rooms through Redis (docs/scale-out.md); app.close() closes its clients.
      const io = new RedisIoAdapter(app, config.redisUrl);
      await io.connect();
      app.useWebSocketAdapter(io);
      // Initialised now, so app.close() releases the Redis connections even if the caller never listens.
      await app.init();
    } else {
      app.useWebSocketAdapter(new PushOnlyIoAdapter(app));
    }
    return { app, demoLogins };
  } catch (err) {
    // A failed start (database or Redis unreachable, a migration refused) leaves no pool or client open.
    await app.close().catch(() => undefined);
    throw err;
  }
}
