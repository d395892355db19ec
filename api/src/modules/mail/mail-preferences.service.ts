import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import {
  DEFAULT_DIGEST_TIME,
  MAIL_KINDS,
  mailKindsFor,
  type MailKind,
  type MailPreferences,
  type UnsubscribeResponse,
  type UpdateMailPreferencesRequest,
} from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { invalid } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import { modeFor } from './mail-kinds.rules';
import { choicesOf, saveChoices, unsubscriberOf, type Modes } from './mail-preferences.repository';
import { UnsubscribeTokens } from './unsubscribe-token';

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
    const stored = await choicesOf(this.em, Scope.of(actor), actor.userId);
    return this.view(actor, stored.modes, stored.digestTime ?? DEFAULT_DIGEST_TIME, stored.timeZone);
  }

  async update(actor: Actor, input: UpdateMailPreferencesRequest): Promise<MailPreferences> {
    const allowed = mailKindsFor(actor.role);
    for (const kind of Object.keys(input.modes ?? {}) as MailKind[]) {
      if (!allowed.includes(kind)) throw invalid(`"${MAIL_KINDS[kind].label}" is not sent to your role`, `modes.${kind}`);
    }
    const scope = Scope.of(actor);
    scope.own();
    // Nothing asked to change: nothing written.
    if (input.digestTime === undefined && Object.keys(input.modes ?? {}).length === 0) return this.get(actor);
    await this.em.fork().transactional(async (em) => {
      const stored = await choicesOf(em, scope, actor.userId);
      const modes = { ...stored.modes, ...input.modes };
      await saveChoices(em, scope, actor.userId, modes, input.digestTime ?? stored.digestTime ?? DEFAULT_DIGEST_TIME);
    });
    return this.get(actor);
  }

  /** Turns off the kind a signed link names (a digest's link: every kind the person gets as a digest). */
  async unsubscribe(token: string): Promise<UnsubscribeResponse> {
    const target = this.tokens.verify(token);
    if (!target) throw invalid('This unsubscribe link is not valid', 'token');
    const kinds = await this.em.fork().transactional(async (em) => {
      const person = await unsubscriberOf(em, target.userId);
      // A deleted person gets nothing anyway; the link still answers as if it worked.
      if (!person?.companyId) return target.kind === 'digest' ? [] : [target.kind];
      const modes = person.modes ?? {};
      const off = target.kind === 'digest' ? mailKindsFor(person.role).filter((k) => modeFor(k, person.role, modes) === 'digest') : [target.kind];
      for (const kind of off) modes[kind] = 'off';
      await saveChoices(em, Scope.company(person.companyId), target.userId, modes, person.digestTime ?? DEFAULT_DIGEST_TIME);
      return off;
    });
    return { message: 'You have been unsubscribed. You can turn these emails back on in your profile.', kinds };
  }

  private view(actor: Actor, stored: Modes | null, digestTime: string, timeZone: string): MailPreferences {
    const modes: Modes = {};
    for (const kind of mailKindsFor(actor.role)) modes[kind] = modeFor(kind, actor.role, stored);
    return { modes, digestTime, timeZone };
  }
}
