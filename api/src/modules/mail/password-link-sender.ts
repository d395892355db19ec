import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PasswordLinkMail, type PasswordLinkMessage } from '../../common/mail/password-link-mail';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { MailTransport } from './mail-transport';

/**
 * Plugs SMTP into the invitation and reset links' port (common/mail/password-link-mail.ts) when SMTP_URL is set.
 * Without it an admin copies an invitation link from the screen, as before: the developer mailbox is for
 * notifications, and an "Invitation sent" that only reached data/mail/ would mislead.
 */
@Injectable()
export class PasswordLinkSender implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly port: PasswordLinkMail,
    private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.mail.smtpUrl) this.port.use({ send: (message) => this.send(message) });
  }

  onModuleDestroy(): void {
    this.port.use(null);
  }

  private send(message: PasswordLinkMessage): Promise<void> {
    const content = { template: 'password-link' as const, message };
    return this.transport.send({ id: randomUUID(), to: { name: message.name, address: message.to }, content, headers: { 'X-KPI-Kind': `auth.${message.purpose}` } });
  }
}
