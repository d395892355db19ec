import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { PasswordLinkPurpose } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

/**
 * A single-use link to set a password: an invitation or a reset. Only the SHA-256 of its random token is
 * stored; the row stays after use or withdrawal so the link can say which happened.
 */
@Entity({ tableName: 'password_links' })
@Index({ properties: ['user', 'purpose'] })
export class PasswordLink {
  [OptionalProps]?: 'createdAt' | 'usedAt' | 'revokedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 16 })
  purpose!: PasswordLinkPurpose;

  @Property({ type: 'string', length: 64, unique: true, hidden: true })
  tokenHash!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
