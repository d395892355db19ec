import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { MailKind, MailMode, Role } from '@kpi/contracts';
import { dbDate, placeholders } from '../../common/rows/params';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { onPostgreSql } from '../../database/dialect';
import { BackgroundLoop, MAIL_SETTLE_MS } from './background-loop';
import { isMailKind, modeFor, type MailFacts } from './mail-kinds.rules';
import { parseModes } from './mail-preferences.repository';
import { givesUp, retryDelay } from './mail-retry.rules';
import type { MailContent, MailContext } from './mail-templates';
import { MailTransport } from './mail-transport';
import { UnsubscribeTokens, type UnsubscribeTarget } from './unsubscribe-token';

/** How long a claimed row is this node's: past it (the node died mid-send) another node sends it. */
export const LEASE_MS = 30_000;
const CLAIM_BATCH = 10;

interface ClaimedRow {
  id: string;
  user_id: string;
  kind: string;
  mode: 'instant' | 'digest';
  event_key: string;
  payload: unknown;
  attempts: number | string;
}

interface RecipientRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  is_active: boolean | number;
  time_zone: string;
  modes: unknown;
}

const parse = (payload: unknown): unknown => (typeof payload === 'string' ? JSON.parse(payload) : payload);

/**
 * Sends the mail rows. Each node claims a few due rows at a time with a lease written in the database (on
 * PostgreSQL skipping rows another node is claiming), so two nodes never send the same row, and a row whose node
 * died mid-send is sent by another once its lease runs out. A failed send waits (mail-retry.rules.ts) and is
 * tried again; nothing here runs on a request's path. Inactive or deleted people, and kinds turned off since
 * the row was made, get nothing.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailSender');
  /** This process, as the holder of its leases. */
  private readonly node = randomUUID();
  private readonly loop = new BackgroundLoop('MailSender', 1_000, async () => (await this.sendBatch()) === CLAIM_BATCH, MAIL_SETTLE_MS);

  constructor(
    private readonly em: EntityManager,
    private readonly transport: MailTransport,
    private readonly tokens: UnsubscribeTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.loop.stop();
  }

  wake(): void {
    this.loop.wake();
  }

  /** Claims and sends one batch; answers whether there was one. */
  async runOnce(now = new Date()): Promise<boolean> {
    return (await this.sendBatch(now)) > 0;
  }

  /** Claims and sends one batch; answers how many rows it claimed (a full batch: more may be due). */
  private async sendBatch(now = new Date()): Promise<number> {
    const rows = await this.claim(now);
    if (rows.length === 0) return 0;
    const recipients = await this.recipients(rows.map((r) => r.user_id));
    const outcomes = await Promise.all(rows.map((row) => this.deliver(row, recipients.get(row.user_id))));
    // The batch's outcomes in one statement per status: one commit for the batch, not one per email.
    for (const status of ['sent', 'skipped'] as const) await this.finish(rows.filter((_, i) => outcomes[i] === status), status);
    return rows.length;
  }

  private async claim(now: Date): Promise<ClaimedRow[]> {
    const date = dbDate(this.em);
    const skipLocked = onPostgreSql(this.em) ? ' for update skip locked' : '';
    return this.em.getConnection().execute<ClaimedRow[]>(
      `update mail_messages set lease_owner = ?, lease_until = ?, attempts = attempts + 1
       where id in (select id from mail_messages where status = 'pending' and mode = 'instant' and next_attempt_at <= ?
                    and (lease_until is null or lease_until < ?) order by next_attempt_at limit ${CLAIM_BATCH}${skipLocked})
       returning id, user_id, kind, mode, event_key, payload, attempts`,
      [this.node, date(new Date(now.getTime() + LEASE_MS)), date(now), date(now)],
    );
  }

  private async recipients(ids: string[]): Promise<Map<string, RecipientRow>> {
    const unique = [...new Set(ids)];
    const rows = await this.em.getConnection().execute<RecipientRow[]>(
      `select u.id, u.name, u.email, u.role, u.is_active, c.time_zone, p.modes from users u join companies c on c.id = u.company_id
       left join mail_preferences p on p.user_id = u.id where u.id in (${placeholders(unique)})`,
      unique,
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Sends one row; answers what to record of it (a failure is recorded here, with its retry). */
  private async deliver(row: ClaimedRow, to: RecipientRow | undefined): Promise<'sent' | 'skipped' | 'failed'> {
    const active = to && (to.is_active === true || to.is_active === 1);
    const modes = to ? parseModes(to.modes) : null;
    if (!to || !active || (isMailKind(row.kind) && modeFor(row.kind, to.role, modes) === 'off')) return 'skipped';
    try {
      const content = await this.content(row, to, modes);
      if (!content) return 'skipped';
      const oneClick = `${this.config.publicUrl}/api/mail/unsubscribe?token=${encodeURIComponent(this.token(to.id, row.kind))}`;
      await this.transport.send({
        id: row.id,
        to: { name: to.name, address: to.email },
        content,
        // RFC 8058: the mail client POSTs to this address itself; the body's link opens the app's page instead.
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'X-KPI-Kind': row.kind },
      });
      return 'sent';
    } catch (err) {
      await this.failed(row, err as Error);
      return 'failed';
    }
  }

  /** The signed unsubscribe token of a row's kind (a digest's: every kind the person gets as a digest). */
  private token(userId: string, kind: string): string {
    const target: UnsubscribeTarget = isMailKind(kind) ? kind : 'digest';
    return this.tokens.sign(userId, target);
  }

  /** What the email says, for the mail thread to render; null when a digest has nothing left to say. */
  private async content(row: ClaimedRow, to: RecipientRow, modes: Partial<Record<MailKind, MailMode>> | null): Promise<MailContent | null> {
    const unsubscribeUrl = `${this.config.publicUrl}/unsubscribe?token=${encodeURIComponent(this.token(to.id, row.kind))}`;
    const ctx: MailContext = { name: to.name, role: to.role, timeZone: to.time_zone, appUrl: this.config.publicUrl, unsubscribeUrl };
    if (isMailKind(row.kind)) return { template: 'event', kind: row.kind, facts: parse(row.payload) as MailFacts[MailKind], ctx };
    // A digest: the rows it gathered, oldest first, leaving out kinds turned off since.
    const waiting = await this.em.getConnection().execute<{ kind: string; payload: unknown }[]>(
      'select kind, payload from mail_messages where digest_id = ? and user_id = ? order by created_at, id limit 200',
      [row.id, to.id],
    );
    const kept = waiting.filter((i) => isMailKind(i.kind) && modeFor(i.kind, to.role, modes) !== 'off');
    if (kept.length === 0) return null;
    const { day } = parse(row.payload) as { day: string };
    const items = kept.map((i) => ({ kind: i.kind as MailKind, facts: parse(i.payload) as MailFacts[MailKind] }));
    return { template: 'digest', items, total: kept.length, day, ctx };
  }

  /** Records the rows' outcome, where the lease is still this node's (else the other node's outcome stands). */
  private async finish(rows: ClaimedRow[], status: 'sent' | 'skipped'): Promise<void> {
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    await this.em.getConnection().execute(
      `update mail_messages set status = ?, sent_at = ?, lease_owner = null, lease_until = null, last_error = null where id in (${placeholders(ids)}) and lease_owner = ?`,
      [status, dbDate(this.em)(new Date()), ...ids, this.node],
    );
  }

  private async failed(row: ClaimedRow, err: Error): Promise<void> {
    const attempts = Number(row.attempts);
    const giveUp = givesUp(attempts);
    if (giveUp) this.logger.error(`mail ${row.id} (${row.kind}) given up after ${attempts} attempts: ${err.message}`);
    else this.logger.warn(`mail ${row.id} (${row.kind}) failed, attempt ${attempts}: ${err.message}`);
    await this.em.getConnection().execute(
      `update mail_messages set status = ?, next_attempt_at = ?, lease_owner = null, lease_until = null, last_error = ? where id = ? and lease_owner = ?`,
      [giveUp ? 'failed' : 'pending', dbDate(this.em)(new Date(Date.now() + retryDelay(attempts))), err.message.slice(0, 500), row.id, this.node],
    );
  }
}
