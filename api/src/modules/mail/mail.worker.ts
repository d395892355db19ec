import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { createTransport } from 'nodemailer';
import { serveOrders } from '../../common/threads/order-port';
import type { MailThreadData, OutgoingMail } from './outgoing-mail';

/**
 * The mail thread's entry (started by mail-transport.ts): builds each message's MIME and hands it to the SMTP
 * server, or writes it to the developer mailbox, so neither runs on the event loop that serves requests.
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
  const message = {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
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
  const summary = { id: name, to: `${mail.to.name} <${mail.to.address}>`, subject: mail.subject, date: new Date().toISOString(), html: mail.html, text: mail.text };
  await writeFile(join(mailDir, `${name}.json`), JSON.stringify(summary));
}

serveOrders(send);
