import { join } from 'node:path';
import type { AppConfig } from '../../config/env';
import type { MailContent } from './mail-templates';

export interface OutgoingMail {
  /** Also the Message-ID's left part and the .eml file's name: one per mail row. */
  id: string;
  to: { name: string; address: string };
  /** Rendered on the mail thread, off the event loop that serves requests. */
  content: MailContent;
  headers: Record<string, string>;
}

/** What the mail thread (mail.worker.ts) is started with. */
export interface MailThreadData {
  /** Null: the developer mailbox, `mailDir`. */
  smtpUrl: string | null;
  mailDir: string;
  from: string;
  /** The Message-ID's right part: the public address's host. */
  domain: string;
}

/** Where a development install's emails go when no SMTP_URL is set: one .eml file each. */
export const devMailDir = (config: AppConfig): string => join(config.dataDir, 'mail');
