import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Priority } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';

@Entity({ tableName: 'announcements' })
@Index({ properties: ['company', 'isPinned', 'createdAt'] })
@Index({ properties: ['expiryPublishedAt', 'expiresAt'] })
export class Announcement {
  [OptionalProps]?: 'author' | 'priority' | 'isPinned' | 'expiresAt' | 'expiryPublishedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', index: true })
  author: User | null = null;

  @Property({ type: 'string', length: 120 })
  authorName!: string;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  content!: string;

  @Property({ type: 'string', length: 16, default: 'medium' })
  priority: Priority = 'medium';

  @Property({ type: 'boolean', default: false })
  isPinned: boolean = false;

  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  /**
   * When the expiry scheduler told the company this announcement had expired; null until then, and again
   * after its expiry is moved. Claimed with a conditional update, so each expiry is published once.
   */
  @Property({ type: 'datetime', nullable: true, hidden: true })
  expiryPublishedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
