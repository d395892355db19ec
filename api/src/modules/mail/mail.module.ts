import { type DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { DeadlineReminders } from './deadline-reminders';
import { DevMailbox } from './dev-mailbox';
import { MailController } from './mail.controller';
import { MailDigest } from './mail-digest';
import { MailFanout } from './mail-fanout';
import { MailPreferencesService } from './mail-preferences.service';
import { MailPruner } from './mail-pruner';
import { MailSender } from './mail-sender';
import { MailTransport } from './mail-transport';
import { PasswordLinksModule } from '../password-links/password-links.module';
import { PasswordLinkSender } from './password-link-sender';
import { UnsubscribeTokens } from './unsubscribe-token';

/** The background side: turns the outbox into mail rows and sends them, runs the digest, reminders and pruning. */
const WORKERS = [MailSender, MailFanout, MailDigest, DeadlineReminders, MailPruner];

/**
 * Email notifications (docs/notifications.md): made from the outbox, sent off the request path. Preferences,
 * unsubscribe and the developer mailbox are served by every node; the workers run where MAIL_WORKERS is on.
 */
@Module({})
export class MailModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MailModule,
      imports: [PasswordLinksModule],
      controllers: [MailController],
      providers: [
        MailTransport,
        PasswordLinkSender,
        MailPreferencesService,
        DevMailbox,
        { provide: UnsubscribeTokens, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new UnsubscribeTokens(c.jwtSecret) },
        ...(config.mail.workers ? WORKERS : []),
      ],
    };
  }
}
