import 'reflect-metadata';
import { INestApplication, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EntityManager, MikroORM } from '@mikro-orm/sqlite';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { ErrorFilter } from './common/errors/error.filter';
import type { AppConfig } from './config/env';
import { ensureSuperadmin } from './database/seed/superadmin';
import { isEmptyDatabase, seedDemo, type DemoLogin } from './database/seed/demo';

const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug'];

export interface StartedApp {
  app: INestApplication;
  demoLogins: DemoLogin[] | null;
}

/** Builds the app, applies pending migrations, and seeds an empty database as configured. */
export async function createApp(config: AppConfig): Promise<StartedApp> {
  const app = await NestFactory.create(AppModule.forRoot(config), {
    logger: LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1),
  });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new ErrorFilter());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // apexcharts and react-hot-toast set inline styles; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
    }),
  );
  app.enableShutdownHooks();

  const orm = app.get(MikroORM);
  await orm.getMigrator().up();
  const em = orm.em.fork() as unknown as EntityManager;
  const firstRun = await isEmptyDatabase(em);
  await ensureSuperadmin(em, config);
  const demoLogins = config.demoSeed && firstRun ? await seedDemo(em) : null;
  return { app, demoLogins };
}
