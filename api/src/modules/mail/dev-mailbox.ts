import { Inject, Injectable } from '@nestjs/common';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DevMail, DevMailbox as DevMailboxList } from '@kpi/contracts';
import { notFound } from '../../common/errors/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { MailTransport } from './mail-transport';
import { devMailDir } from './outgoing-mail';

/** The most messages the developer mailbox lists. */
export const DEV_MAILBOX_SIZE = 50;

/**
 * The developer mailbox: with no SMTP_URL every email is written to data/mail/ (a `.eml` file, and a `.json`
 * summary beside it); this lists the newest. With SMTP_URL set there is no mailbox (404).
 */
@Injectable()
export class DevMailbox {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transport: MailTransport,
  ) {}

  async list(): Promise<DevMailboxList> {
    if (!this.transport.writesFiles) throw notFound('Mailbox');
    const dir = devMailDir(this.config);
    const names = await readdir(dir).catch(() => [] as string[]);
    const newest = names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse()
      .slice(0, DEV_MAILBOX_SIZE);
    const items = await Promise.all(newest.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as DevMail));
    return { items };
  }
}
