import { OptionalProps, Entity, ManyToOne, OneToOne, Property } from '@mikro-orm/core';
import type { MailKind, MailMode } from '@kpi/contracts';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';

/** A person's email choices; only the kinds they changed are stored, the rest follow MAIL_KINDS' defaults. */
@Entity({ tableName: 'mail_preferences' })
export class MailPreference {
  [OptionalProps]?: 'lastDigestOn';

  @OneToOne(() => User, { primary: true, deleteRule: 'cascade', owner: true })
  user!: User;

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  @Property({ type: 'json' })
  modes!: Partial<Record<MailKind, MailMode>>;

  /** HH:MM in the company's time zone. */
  @Property({ type: 'string', length: 5 })
  digestTime!: string;

  /** The company-zone day (YYYY-MM-DD) of the last digest run for this person. */
  @Property({ type: 'string', length: 10, nullable: true })
  lastDigestOn: string | null = null;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
