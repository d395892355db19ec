import { Module } from '@nestjs/common';
import { DeadlineReminders } from './deadline-reminders';
import { DevMailbox } from './dev-mailbox';
import { MailController } from './mail.controller';
import { MailDigest } from './mail-digest';
import { MailFanout } from './mail-fanout';
import { MailPreferencesService } from './mail-preferences.service';
import { MailPruner } from './mail-pruner';
import { MailSender } from './mail-sender';
import { MailTransport } from './mail-transport';

/** Email notifications (docs/notifications.md): made from the outbox, sent off the request path. */
@Module({
  controllers: [MailController],
  providers: [MailTransport, MailSender, MailFanout, MailDigest, DeadlineReminders, MailPreferencesService, DevMailbox, MailPruner],
  exports: [MailSender, MailFanout, MailDigest, DeadlineReminders, MailPruner],
})
export class MailModule {}
