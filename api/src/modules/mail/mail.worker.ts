import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { createTransport } from 'nodemailer';
import { serveOrders } from '../../common/threads/order-port';
import { renderContent } from './mail-templates';
import type { MailThreadData, OutgoingMail } from './outgoing-mail';

/**
 * The mail thread's entry (started by mail-transport.ts): renders each message (mail-templates.ts), builds its MIME
 * and hands it to the SMTP server, or writes it to the developer mailbox, so none of it runs on the event loop
 * that serves requests.
 */
const { smtpUrl, mailDir, from, domain } = workerData as MailThreadData;

/** A hung SMTP server fails a send in this time, well inside the sender's lease (mail-sender.ts). */
const SMTP_TIMEOUT_MS = 10_000;

const smtp = smtpUrl
  ? createTransport({ url: smtpUrl, pool: true, maxConnections: 3, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS })
  : null;
const files = smtpUrl ? null : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
/** The mailbox folder is made once, before the first message is written to it. */
let mailbox: Promise<unknown> | null = null;

async function send(mail: OutgoingMail): Promise<void> {
  const { subject, text, html } = renderContent(mail.content);
  const message = {
    from,
    to: mail.to,
    subject,
    text,
    html,
    headers: mail.headers,
    messageId: `<${mail.id}@${domain}>`,
  };
  if (smtp) {
    await smtp.sendMail(message);
    return;
  }
  const info = await files!.sendMail(message);
  await (mailbox ??= mkdir(mailDir, { recursive: true }).catch((err) => {
    mailbox = null;
    throw err;
  }));
  const name = `${Date.now()}-${mail.id}`;
  await writeFile(join(mailDir, `${name}.eml`), info.message as Buffer);
  const summary = { id: name, to: `${mail.to.name} <${mail.to.address}>`, subject, date: new Date().toISOString(), html, text };
  await writeFile(join(mailDir, `${name}.json`), JSON.stringify(summary));
}

serveOrders(send);
