import { OptionalProps, Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { GroupRole } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';

/** A company's OpenID Connect provider and how its people sign in (docs/single-sign-on.md). */
@Entity({ tableName: 'company_sign_in' })
export class CompanySignIn {
  [OptionalProps]?: 'updatedAt' | 'groupsClaim' | 'createOnFirstSignIn' | 'ssoRequired' | 'groupRoles';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => Company, { deleteRule: 'cascade', unique: true })
  company!: Company;

  @Property({ type: 'string', length: 500 })
  issuer!: string;

  @Property({ type: 'string', length: 255 })
  clientId!: string;

  /** AES-256-GCM under a key derived from JWT_SECRET (secret-box.ts); never sent back. */
  @Property({ type: 'text', hidden: true })
  clientSecretSealed!: string;

  @Property({ type: 'json' })
  groupRoles: GroupRole[] = [];

  @Property({ type: 'string', length: 100, default: 'groups' })
  groupsClaim: string = 'groups';

  @Property({ type: 'boolean', default: false })
  createOnFirstSignIn: boolean = false;

  @Property({ type: 'boolean', default: false })
  ssoRequired: boolean = false;

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}

/** An email domain that belongs to one company: where "Sign in with single sign-on" sends its people. */
@Entity({ tableName: 'sso_domains' })
export class SsoDomain {
  @PrimaryKey({ type: 'string', length: 253 })
  domain!: string;

  @ManyToOne(() => Company, { deleteRule: 'cascade', index: true })
  company!: Company;
}
