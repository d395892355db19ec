import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Task } from '../tasks/task.entity';

/** Which deadline of a task was already reminded of, per kind (deadline-reminders.ts): once each. */
@Entity({ tableName: 'mail_task_reminders' })
export class MailTaskReminder {
  @ManyToOne(() => Task, { primary: true, deleteRule: 'cascade' })
  task!: Task;

  @PrimaryKey({ type: 'string', length: 16 })
  kind!: 'task.due-soon' | 'task.overdue';

  @Property({ type: 'datetime' })
  deadline!: Date;
}
