import { OptionalProps, Collection, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/core';
import type { Priority, TaskStatus } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';
import { TaskComment } from './task-comment.entity';

@Entity({ tableName: 'tasks' })
@Index({ properties: ['company', 'scoredAt'] })
@Index({ properties: ['company', 'status'] })
@Index({ properties: ['assignedTo', 'createdAt'] })
/** The company list's order (docs/paging.md): a page is an index range, not a sort of the company's tasks. */
@Index({ properties: ['company', 'createdAt'] })
/** Deadline reminders look for open tasks by deadline (modules/mail/deadline-reminders.ts). */
@Index({ properties: ['deadline', 'status'] })
export class Task {
  [OptionalProps]?: 'priority' | 'status' | 'submissionContent' | 'submittedAt' | 'qualityScore' | 'timeScore' | 'initiativeScore' | 'totalScore' | 'feedback' | 'scoredAt' | 'scoredBy' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  assignedTo!: User;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'datetime' })
  deadline!: Date;

  @Property({ type: 'string', length: 16, default: 'medium' })
  priority: Priority = 'medium';

  @Property({ type: 'string', length: 2048 })
  reportLink!: string;

  /** Stored status; `overdue` is derived when read (deadline past, not submitted or completed). */
  @Property({ type: 'string', length: 16, default: 'pending' })
  status: TaskStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  submissionContent: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  submittedAt: Date | null = null;

  @Property({ type: 'double', nullable: true })
  qualityScore: number | null = null;

  @Property({ type: 'double', nullable: true })
  timeScore: number | null = null;

  @Property({ type: 'double', nullable: true })
  initiativeScore: number | null = null;

  @Property({ type: 'double', nullable: true })
  totalScore: number | null = null;

  @Property({ type: 'text', nullable: true })
  feedback: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  scoredAt: Date | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', index: true })
  scoredBy: User | null = null;

  @OneToMany(() => TaskComment, (c) => c.task, { orderBy: { createdAt: 'asc' } })
  comments = new Collection<TaskComment>(this);

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
