import { DynamicModule, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AnnouncementsModule } from './modules/announcements/announcements.module';
import { AuthCoreModule } from './common/auth/auth-core.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { APP_CONFIG, type AppConfig } from './config/env';
import { ormOptions } from './schema/orm-options';
import { RequestScopeMiddleware } from './common/request-scope/request-scope.middleware';
import { ReadConnectionCloser } from './database/read-rows';
import { WalCheckpointer } from './database/wal-checkpointer';
import { CachingModule } from './common/caching/caching.module';
import { EventsModule } from './events/events.module';
import { HealthModule } from './health/health.module';
import { loggingModule } from './common/logging/logging';
import { PagingModule } from './common/paging/paging.module';
import { AuthModule } from './modules/auth/auth.module';
import { BadgesModule } from './modules/badges/badges.module';
import { CompaniesModule } from './modules/companies/companies.module';
import { ZONE_FOLLOWERS } from './modules/companies/company-ports';
import { ImportsModule } from './modules/imports/imports.module';
import { KpiModule } from './modules/kpi/kpi.module';
import { LeaderboardModule } from './modules/leaderboard/leaderboard.module';
import { MailModule } from './modules/mail/mail.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PasswordLinksModule } from './modules/password-links/password-links.module';
import { PasswordLinksService } from './modules/password-links/password-links.service';
import { SsoModule, SsoPolicyModule } from './modules/sso/sso.module';
import { ScoreAggregatesService } from './modules/stats/score-aggregates.service';
import { StatsModule } from './modules/stats/stats.module';
import { TasksModule } from './modules/tasks/tasks.module';
import { UserSessionRows } from './modules/users/session-users.query';
import { INVITATIONS, PERSON_FIGURES } from './modules/users/user-ports';
import { UsersModule } from './modules/users/users.module';
import { WallsModule } from './modules/walls/walls.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { AuditModule } from './modules/audit/audit.module';
import { RealtimeModule } from './realtime/realtime.module';

/**
 * Ports: what a module lower down asks of one above it, declared by the lower module as an interface and token and
 * provided here with the implementation, so every import between modules points down (docs/architecture.md, "Ports").
 */
const PORTS = [
  { provide: ZONE_FOLLOWERS, useExisting: ScoreAggregatesService },
  { provide: PERSON_FIGURES, useExisting: ScoreAggregatesService },
  { provide: INVITATIONS, useExisting: PasswordLinksService },
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      providers: [{ provide: APP_CONFIG, useValue: config }, ReadConnectionCloser, WalCheckpointer, RequestScopeMiddleware, ...PORTS],
      exports: [APP_CONFIG, ...PORTS.map((port) => port.provide)],
      imports: [
        loggingModule(config),
        // The request context is ours: part of the request's scope, forked on first use (common/request-scope).
        MikroOrmModule.forRoot({ ...ormOptions(config), registerRequestContext: false }),
        RateLimitModule,
        CachingModule,
        EventsModule,
        HealthModule,
        AuthCoreModule.forRoot({ sessionUsers: UserSessionRows }),
        PagingModule,
        RealtimeModule,
        AuthModule,
        PasswordLinksModule,
        SsoPolicyModule,
        SsoModule,
        StatsModule,
        CompaniesModule,
        UsersModule,
        BadgesModule,
        NotificationsModule,
        AnnouncementsModule,
        TasksModule,
        LeaderboardModule,
        KpiModule,
        WallsModule,
        WebhooksModule,
        AuditModule,
        ImportsModule,
        MailModule.forRoot(config),
      ],
    };
  }
}
