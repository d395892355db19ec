import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { NotificationKind } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

@Entity({ tableName: 'notifications' })
@Index({ properties: ['user', 'readAt'] })
@Index({ properties: ['user', 'createdAt'] })
export class Notification {
  [OptionalProps]?: 'readAt' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 32 })
  kind!: NotificationKind;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'string', length: 500 })
  body!: string;

  @Property({ type: 'string', length: 200 })
  link!: string;

  @Property({ type: 'datetime', nullable: true })
  readAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
