import { DynamicModule, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ThrottlerModule } from '@nestjs/throttler';
import { AnnouncementsModule } from './modules/announcements/announcements.module';
import { AuthCoreModule } from './common/auth/auth-core.module';
import { APP_CONFIG, type AppConfig } from './config/env';
import { ormOptions } from './config/mikro-orm.config';
import { EventsModule } from './events/events.module';
import { PagingModule } from './common/paging/paging.module';
import { HealthController } from './health.controller';
import { AuthModule } from './modules/auth/auth.module';
import { BadgesModule } from './modules/badges/badges.module';
import { CompaniesModule } from './modules/companies/companies.module';
import { KpiModule } from './modules/kpi/kpi.module';
import { LeaderboardModule } from './modules/leaderboard/leaderboard.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { TasksModule } from './modules/tasks/tasks.module';
import { UsersModule } from './modules/users/users.module';
import { WallsModule } from './modules/walls/walls.module';
import { RealtimeModule } from './realtime/realtime.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      controllers: [HealthController],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
      imports: [
        MikroOrmModule.forRoot({ ...ormOptions(config), registerRequestContext: true }),
        ThrottlerModule.forRoot([{ name: 'login', ttl: 60_000, limit: config.loginRateLimit }]),
        EventsModule,
        AuthCoreModule,
        PagingModule,
        RealtimeModule,
        AuthModule,
        CompaniesModule,
        UsersModule,
        BadgesModule,
        NotificationsModule,
        AnnouncementsModule,
        TasksModule,
        LeaderboardModule,
        KpiModule,
        WallsModule,
      ],
    };
  }
}
