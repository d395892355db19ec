import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import {
  ssoSettingsInputSchema,
  type MessageResponse,
  type SsoSettings,
  type SsoSettingsResponse,
  type SsoTestResponse,
} from '@kpi/contracts';
import type { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { AppError, invalid, notFound } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { UnitOfWork } from '../../events/unit-of-work';
import { Company } from '../companies/company.entity';
import { CompanySignIn, SsoDomain } from './company-sign-in.entity';
import { discoverProvider } from './openid';
import { SecretBox } from './secret-box';

type SsoSettingsInput = z.output<typeof ssoSettingsInputSchema>;

/** Where the provider sends people back: register this at the provider. */
export const redirectUriFor = (config: AppConfig) => `${config.publicUrl}/api/auth/sso/callback`;

/** A company's single sign-on settings: its admins (own company) and the superadmin (any) read and change them. */
@Injectable()
export class SsoSettingsService {
  readonly secrets: SecretBox;

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secrets = new SecretBox(config.jwtSecret);
  }

  async get(actor: Actor, companyId: string): Promise<SsoSettingsResponse> {
    const scope = Scope.of(actor).companyById(companyId);
    const em = this.em.fork();
    await this.companyOrFail(em, companyId);
    const settings = await em.findOne(CompanySignIn, scope.where({ company: companyId }));
    return { settings: settings ? await this.view(em, settings) : null, redirectUri: redirectUriFor(this.config) };
  }

  save(actor: Actor, companyId: string, input: SsoSettingsInput): Promise<SsoSettingsResponse> {
    const scope = Scope.of(actor).companyById(companyId);
    return this.uow.run(async (em, events) => {
      const company = await this.companyOrFail(em, companyId);
      const taken = await Scope.acrossCompanies('an email domain belongs to one company only', () =>
        em.find(SsoDomain, { domain: { $in: input.domains }, company: { $ne: companyId } }, { fields: ['domain'] }),
      );
      if (taken.length) throw new AppError('CONFLICT', `${taken[0].domain} already signs in with another company`, 'domains');
      let settings = await em.findOne(CompanySignIn, scope.where({ company: companyId }));
      const before = settings ? await this.view(em, settings) : null;
      const secret = input.clientSecret?.trim();
      if (!settings && !secret) throw invalid('Client secret is required', 'clientSecret');
      settings ??= em.create(CompanySignIn, { company, issuer: input.issuer, clientId: input.clientId, clientSecretSealed: '' });
      settings.issuer = input.issuer.replace(/\/+$/, '');
      settings.clientId = input.clientId;
      if (secret) settings.clientSecretSealed = this.secrets.seal(secret);
      settings.groupRoles = input.groupRoles;
      settings.groupsClaim = input.groupsClaim;
      settings.createOnFirstSignIn = input.createOnFirstSignIn;
      settings.ssoRequired = input.ssoRequired;
      settings.updatedAt = new Date();
      await em.nativeDelete(SsoDomain, scope.where({ company: companyId }));
      for (const domain of new Set(input.domains)) em.create(SsoDomain, { domain, company });
      await em.flush();
      const view = await this.view(em, settings);
      events.record('sso.updated', { kind: 'admins', companyId }, { companyId, settings: view }, { before, secrets: secret ? ['clientSecret'] : [] });
      return { settings: view, redirectUri: redirectUriFor(this.config) };
    });
  }

  remove(actor: Actor, companyId: string): Promise<MessageResponse> {
    const scope = Scope.of(actor).companyById(companyId);
    return this.uow.run(async (em, events) => {
      const settings = await em.findOne(CompanySignIn, scope.where({ company: companyId }));
      if (!settings) throw notFound('Single sign-on settings');
      const before = await this.view(em, settings);
      await em.nativeDelete(CompanySignIn, scope.where({ company: companyId }));
      await em.nativeDelete(SsoDomain, scope.where({ company: companyId }));
      events.record('sso.updated', { kind: 'admins', companyId }, { companyId, settings: null }, { before });
      return { message: 'Single sign-on turned off: people sign in with their password' };
    });
  }

  /** The caller may change this company's settings (404 for another company's, as everywhere). */
  async assertReachable(actor: Actor, companyId: string): Promise<void> {
    Scope.of(actor).companyById(companyId);
    await this.companyOrFail(this.em.fork(), companyId);
  }

  /** "Test the connection": OpenID discovery against the issuer, with what it says the provider offers. */
  async test(issuer: string): Promise<SsoTestResponse> {
    try {
      const config = await discoverProvider(new URL(issuer), 'connection-test');
      const meta = config.serverMetadata();
      return {
        message: `Connected to ${meta.issuer}`,
        issuer: meta.issuer,
        authorizationEndpoint: meta.authorization_endpoint ?? '',
        endSession: Boolean(meta.end_session_endpoint),
        pkce: (meta.code_challenge_methods_supported ?? []).includes('S256'),
      };
    } catch (err) {
      throw invalid(`Could not reach the provider's OpenID configuration: ${(err as Error).message}`, 'issuer');
    }
  }

  private async view(em: EntityManager, settings: CompanySignIn): Promise<SsoSettings> {
    // Plain rows, not entities: a save reads the settings before it replaces the domains, and managed domain
    // entities would stand in the way of the new ones with the same keys.
    const domains = await em
      .createQueryBuilder(SsoDomain)
      .select('domain')
      .where(Scope.company(settings.company.id).where({}))
      .orderBy({ domain: 'asc' })
      .execute<{ domain: string }[]>('all');
    return {
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecretSet: Boolean(settings.clientSecretSealed),
      domains: domains.map((d) => d.domain),
      groupRoles: settings.groupRoles,
      groupsClaim: settings.groupsClaim,
      createOnFirstSignIn: settings.createOnFirstSignIn,
      ssoRequired: settings.ssoRequired,
      redirectUri: redirectUriFor(this.config),
    };
  }

  private async companyOrFail(em: EntityManager, companyId: string): Promise<Company> {
    const company = await em.findOne(Company, { id: companyId });
    if (!company) throw notFound('Company');
    return company;
  }
}
