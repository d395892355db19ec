import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/env';

export interface OutgoingMail {
  /** Also the Message-ID's left part and the .eml file's name: one per mail row. */
  id: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Where a development install's emails go when no SMTP_URL is set: one .eml file each. */
export const devMailDir = (config: AppConfig): string => join(config.dataDir, 'mail');

/** A hung SMTP server fails a send in this time, well inside the sender's lease (mail-sender.ts). */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Hands a message to the SMTP server of SMTP_URL (a small pool of connections) or, without one, writes it as
 * `data/mail/{time}-{id}.eml`. A rejected or failed delivery throws: the sender retries it later.
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly smtp;
  private readonly files;
  private readonly domain: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { smtpUrl } = config.mail;
    this.smtp = smtpUrl
      ? createTransport({ url: smtpUrl, pool: true, maxConnections: 3, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS })
      : null;
    this.files = smtpUrl ? null : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.domain = new URL(config.publicUrl).hostname || 'localhost';
  }

  /** Whether messages are written to data/mail/ (the developer mailbox) instead of sent. */
  get writesFiles(): boolean {
    return this.files !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const message = {
      from: this.config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      messageId: `<${mail.id}@${this.domain}>`,
    };
    if (this.smtp) {
      await this.smtp.sendMail(message);
      return;
    }
    const info = await this.files!.sendMail(message);
    const dir = devMailDir(this.config);
    await mkdir(dir, { recursive: true });
    const name = `${Date.now()}-${mail.id}`;
    await writeFile(join(dir, `${name}.eml`), info.message as Buffer);
    const summary = { id: name, to: `${mail.to.name} <${mail.to.address}>`, subject: mail.subject, date: new Date().toISOString(), html: mail.html, text: mail.text };
    await writeFile(join(dir, `${name}.json`), JSON.stringify(summary));
  }

  onModuleDestroy(): void {
    this.smtp?.close();
  }
}
