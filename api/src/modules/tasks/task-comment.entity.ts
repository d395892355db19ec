import { OptionalProps, Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Role } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';
import { Task } from './task.entity';

@Entity({ tableName: 'task_comments' })
export class TaskComment {
  [OptionalProps]?: 'author' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => Task, { deleteRule: 'cascade', index: true })
  task!: Task;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', index: true })
  author: User | null = null;

  /** Kept so the comment still reads right after its author is deleted. */
  @Property({ type: 'string', length: 120 })
  authorName!: string;

  @Property({ type: 'string', length: 16 })
  role!: Role;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
