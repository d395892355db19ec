import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { DEFAULT_DIGEST_TIME } from '@kpi/contracts';
import { dbDate } from '../../common/rows/params';
import { execute } from '../../database/bound-sql';
import { BackgroundLoop } from './background-loop';
import { digestDue } from './mail-digest.rules';
import { MailSender } from './mail-sender';

const PEOPLE_PER_RUN = 500;

interface Waiting {
  user_id: string;
  company_id: string;
  time_zone: string;
  digest_time: string | null;
  last_digest_on: string | null;
}

/**
 * The daily digest. Once a minute it looks at the people with emails waiting for their digest and, for each whose
 * chosen time has come on their company's clock (and who had none today), gathers those rows into one digest row
 * in one transaction; the sender sends it like any other. Nobody waiting, nothing sent. The digest's key (person
 * and day) makes it once a day on any number of nodes.
 */
@Injectable()
export class MailDigest implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly loop = new BackgroundLoop('MailDigest', 60_000, async () => {
    await this.runOnce();
    return false;
  });

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

  /** Makes the digests due at `now`; answers how many. */
  async runOnce(now = new Date()): Promise<number> {
    const waiting = await this.em.getConnection().execute<Waiting[]>(
      `select m.user_id, m.company_id, c.time_zone, p.digest_time, p.last_digest_on
       from mail_messages m join companies c on c.id = m.company_id left join mail_preferences p on p.user_id = m.user_id
       where m.mode = 'digest' and m.status = 'pending'
       group by m.user_id, m.company_id, c.time_zone, p.digest_time, p.last_digest_on limit ${PEOPLE_PER_RUN}`,
    );
    let made = 0;
    for (const w of waiting) {
      const { due, day } = digestDue(now, w.time_zone, w.digest_time ?? DEFAULT_DIGEST_TIME, w.last_digest_on);
      if (due && (await this.gather(w, day, now))) made++;
    }
    if (made) this.sender.wake();
    return made;
  }

  private gather(w: Waiting, day: string, now: Date): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const date = dbDate(em);
      const id = randomUUID();
      const [digest] = await execute<{ id: string }>(
        em,
        `insert into mail_messages (id, company_id, user_id, kind, mode, event_key, payload, status, attempts, next_attempt_at, created_at)
         values (?, ?, ?, 'digest', 'instant', ?, ?, 'pending', 0, ?, ?) on conflict (event_key, user_id, kind) do nothing returning id`,
        [id, w.company_id, w.user_id, `digest:${day}`, JSON.stringify({ day }), date(new Date()), date(now)],
      );
      await execute(
        em,
        `insert into mail_preferences (user_id, company_id, modes, digest_time, last_digest_on, updated_at) values (?, ?, ?, ?, ?, ?)
         on conflict (user_id) do update set last_digest_on = excluded.last_digest_on`,
        [w.user_id, w.company_id, '{}', DEFAULT_DIGEST_TIME, day, date(now)],
      );
      if (!digest) return false;
      await execute(em, `update mail_messages set status = 'digested', digest_id = ? where user_id = ? and mode = 'digest' and status = 'pending'`, [id, w.user_id]);
      return true;
    });
  }
}
