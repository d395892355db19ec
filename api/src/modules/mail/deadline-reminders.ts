import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Role } from '@kpi/contracts';
import { toDate, type DbDate } from '../../common/rows/columns';
import { dbDate } from '../../common/rows/params';
import { execute } from '../../database/bound-sql';
import { HOUR } from '../../common/scheduling/hourly-job';
import { BackgroundLoop } from './background-loop';
import { insertMail, type NewMail } from './mail-fanout';
import { modeFor } from './mail-kinds.rules';
import { parseModes } from './mail-preferences.repository';
import { MailSender } from './mail-sender';

type ReminderKind = 'task.due-soon' | 'task.overdue';
const TASKS_PER_RUN = 500;

interface OpenTask {
  id: string;
  title: string;
  deadline: DbDate;
  company_id: string;
  user_id: string;
  role: Role;
  modes: unknown;
}

/**
 * Deadlines are not events, so a minute's scan finds them: open tasks (pending or in progress) whose deadline is
 * within the next 24 hours, and those whose deadline passed within the last 24 hours (older ones were overdue
 * before this existed, and are not mailed out of the blue). Each task's deadline is reminded of once per kind
 * (`mail_task_reminders`; a moved deadline is reminded of again) and the mail row's key makes it once on any
 * number of nodes.
 */
@Injectable()
export class DeadlineReminders implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly loop = new BackgroundLoop('DeadlineReminders', 60_000, async () => (await this.runOnce()) > 0);

  constructor(
    private readonly em: EntityManager,
    private readonly sender: MailSender,
  ) {}

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.loop.stop();
  }

  /** Reminds of what is due at `now`; answers how many tasks it looked at. */
  async runOnce(now = new Date()): Promise<number> {
    const soon = await this.remind('task.due-soon', now, new Date(now.getTime() + 24 * HOUR), now);
    const overdue = await this.remind('task.overdue', new Date(now.getTime() - 24 * HOUR), now, now);
    if (soon.made + overdue.made > 0) this.sender.wake();
    return soon.tasks + overdue.tasks;
  }

  /** Tasks whose deadline is in (from, to], not reminded of for this kind and deadline yet. */
  private remind(kind: ReminderKind, from: Date, to: Date, now: Date): Promise<{ tasks: number; made: number }> {
    return this.em.fork().transactional(async (em) => {
      const date = dbDate(em);
      const tasks = await execute<OpenTask>(
        em,
        `select t.id, t.title, t.deadline, t.company_id, u.id as user_id, u.role, p.modes
         from tasks t join users u on u.id = t.assigned_to_id left join mail_preferences p on p.user_id = u.id
         left join mail_task_reminders r on r.task_id = t.id and r.kind = ?
         where t.deadline > ? and t.deadline <= ? and t.status in ('pending', 'in-progress') and u.is_active = ?
           and (r.task_id is null or r.deadline <> t.deadline)
         limit ${TASKS_PER_RUN}`,
        [kind, date(from), date(to), true],
      );
      if (tasks.length === 0) return { tasks: 0, made: 0 };
      await execute(
        em,
        `insert into mail_task_reminders (task_id, kind, deadline) values ${tasks.map(() => '(?, ?, ?)').join(', ')}
         on conflict (task_id, kind) do update set deadline = excluded.deadline`,
        tasks.flatMap((t) => [t.id, kind, t.deadline]),
      );
      const rows: NewMail[] = [];
      for (const t of tasks) {
        const mode = modeFor(kind, t.role, parseModes(t.modes));
        if (mode === 'off') continue;
        const deadline = toDate(t.deadline);
        rows.push({
          companyId: t.company_id,
          userId: t.user_id,
          kind,
          mode,
          eventKey: `${kind}:${t.id}:${deadline.getTime()}`,
          payload: { taskId: t.id, title: t.title, deadline: deadline.toISOString() },
          at: now,
        });
      }
      return { tasks: tasks.length, made: await insertMail(em, rows) };
    });
  }
}
