import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { extname, join } from 'node:path';
import { OrderThread } from '../../common/threads/order-thread';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { devMailDir, type MailThreadData, type OutgoingMail } from './outgoing-mail';

/**
 * Hands a message to the SMTP server of SMTP_URL (a small pool of connections) or, without one, writes it as
 * `data/mail/{time}-{id}.eml`, from a thread of its own (mail.worker.ts): building the MIME and the file writes
 * stay off the event loop that serves requests. A rejected or failed delivery throws: the sender retries it later.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly thread: OrderThread<OutgoingMail, void>;
  /** Whether messages are written to data/mail/ (the developer mailbox) instead of sent. */
  readonly writesFiles: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { smtpUrl, from } = config.mail;
    this.writesFiles = !smtpUrl;
    const data: MailThreadData = { smtpUrl: smtpUrl || null, mailDir: devMailDir(config), from, domain: new URL(config.publicUrl).hostname || 'localhost' };
    this.thread = new OrderThread(
      join(__dirname, `mail.worker${extname(__filename)}`),
      data,
      (err) => this.logger.error(`the mail thread failed: ${err.message}`),
      'Not sent: the mail thread stopped',
    );
  }

  send(mail: OutgoingMail): Promise<void> {
    return this.thread.post(mail);
  }

  /** After every module's destroy hook: the senders' loops have stopped by then. */
  onApplicationShutdown(): Promise<void> {
    return this.thread.stop();
  }
}
