import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import {
  DEFAULT_DIGEST_TIME,
  MAIL_KINDS,
  mailKindsFor,
  type MailKind,
  type MailMode,
  type MailPreferences,
  type UnsubscribeResponse,
  type UpdateMailPreferencesRequest,
} from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { invalid } from '../../common/errors/app-error';
import { dbDate } from '../../common/rows/params';
import { Scope } from '../../common/tenancy/scope';
import { execute } from '../../database/bound-sql';
import { modeFor } from './mail-kinds.rules';
import { parseModes } from './mail-preferences.query';
import { UnsubscribeTokens } from './unsubscribe-token';

type Modes = Partial<Record<MailKind, MailMode>>;

/**
 * A person's own email choices. Only the caller's own row is ever read or written (admins included): there is no
 * route that names another person. Unsubscribing needs no sign-in: the signed link names the person and kind.
 */
@Injectable()
export class MailPreferencesService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  async get(actor: Actor): Promise<MailPreferences> {
    const companyId = Scope.of(actor).own();
    const [row] = await this.em.getConnection().execute<{ time_zone: string; modes: unknown; digest_time: string | null }[]>(
      'select c.time_zone, p.modes, p.digest_time from companies c left join mail_preferences p on p.user_id = ? and p.company_id = ? where c.id = ?',
      [actor.userId, companyId, companyId],
    );
    return this.view(actor, parseModes(row?.modes), row?.digest_time ?? DEFAULT_DIGEST_TIME, row?.time_zone ?? 'UTC');
  }

  async update(actor: Actor, input: UpdateMailPreferencesRequest): Promise<MailPreferences> {
    const allowed = mailKindsFor(actor.role);
    for (const kind of Object.keys(input.modes ?? {}) as MailKind[]) {
      if (!allowed.includes(kind)) throw invalid(`"${MAIL_KINDS[kind].label}" is not sent to your role`, `modes.${kind}`);
    }
    const companyId = Scope.of(actor).own();
    // Nothing asked to change: nothing written.
    if (input.digestTime === undefined && Object.keys(input.modes ?? {}).length === 0) return this.get(actor);
    await this.em.fork().transactional(async (em) => {
      const [row] = await execute<{ modes: unknown; digest_time: string }>(em, 'select modes, digest_time from mail_preferences where user_id = ? and company_id = ?', [actor.userId, companyId]);
      const modes = { ...parseModes(row?.modes), ...input.modes };
      await this.save(em, actor.userId, companyId, modes, input.digestTime ?? row?.digest_time ?? DEFAULT_DIGEST_TIME);
    });
    return this.get(actor);
  }

  /** Turns off the kind a signed link names (a digest's link: every kind the person gets as a digest). */
  async unsubscribe(token: string): Promise<UnsubscribeResponse> {
    const target = this.tokens.verify(token);
    if (!target) throw invalid('This unsubscribe link is not valid', 'token');
    const kinds = await this.em.fork().transactional(async (em) => {
      const [person] = await execute<{ company_id: string | null; role: Actor['role']; modes: unknown; digest_time: string | null }>(
        em,
        'select u.company_id, u.role, p.modes, p.digest_time from users u left join mail_preferences p on p.user_id = u.id where u.id = ?',
        [target.userId],
      );
      // A deleted person gets nothing anyway; the link still answers as if it worked.
      if (!person?.company_id) return target.kind === 'digest' ? [] : [target.kind];
      const modes = parseModes(person.modes) ?? {};
      const off = target.kind === 'digest' ? mailKindsFor(person.role).filter((k) => modeFor(k, person.role, modes) === 'digest') : [target.kind];
      for (const kind of off) modes[kind] = 'off';
      await this.save(em, target.userId, person.company_id, modes, person.digest_time ?? DEFAULT_DIGEST_TIME);
      return off;
    });
    return { message: 'You have been unsubscribed. You can turn these emails back on in your profile.', kinds };
  }

  private async save(em: EntityManager, userId: string, companyId: string, modes: Modes, digestTime: string): Promise<void> {
    await execute(
      em,
      `insert into mail_preferences (user_id, company_id, modes, digest_time, last_digest_on, updated_at) values (?, ?, ?, ?, null, ?)
       on conflict (user_id) do update set modes = excluded.modes, digest_time = excluded.digest_time, updated_at = excluded.updated_at`,
      [userId, companyId, JSON.stringify(modes), digestTime, dbDate(em)(new Date())],
    );
  }

  private view(actor: Actor, stored: Modes | null, digestTime: string, timeZone: string): MailPreferences {
    const modes: Modes = {};
    for (const kind of mailKindsFor(actor.role)) modes[kind] = modeFor(kind, actor.role, stored);
    return { modes, digestTime, timeZone };
  }
}
