import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { RetentionJob } from '../../common/scheduling/retention-job';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { execute } from '../../database/bound-sql';

/**
 * AUDIT_RETENTION_DAYS (default 0: keep for ever) and nothing else removes audit entries; the event log's pruner
 * never touches them. Removing a chain's oldest entries moves its floor: the chain then starts after the last
 * entry removed, whose hash the floor keeps, so verify still checks every entry that is left (docs/audit.md).
 * By age only, in one transaction per run: instances running it at once remove the same entries.
 */
@Injectable()
export class AuditPruner extends RetentionJob {
  protected readonly rows = 'audit entries';

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected keptDays(): number | null {
    return this.config.auditRetentionDays || null;
  }

  protected deleteBefore(before: Date): Promise<number> {
    const cutoff = this.em.getPlatform().processDateProperty(before);
    return this.em.fork().transactional(async (em) => {
      // Per chain, the last entry older than the cutoff: everything up to it goes.
      const floors = await execute<{ chain: string; seq: number | string; hash: string }>(
        em,
        `select e.chain, e.seq, e.hash from audit_entries e
         join (select chain, max(seq) as seq from audit_entries where at < ? group by chain) old on old.chain = e.chain and old.seq = e.seq`,
        [cutoff],
      );
      let removed = 0;
      for (const f of floors) {
        await execute(em, 'update audit_chains set floor_seq = ?, floor_hash = ? where chain = ? and floor_seq < ?', [Number(f.seq), f.hash, f.chain, Number(f.seq)]);
        const [{ n }] = await execute<{ n: number | string }>(em, 'select count(*) as n from audit_entries where chain = ? and seq <= ?', [f.chain, Number(f.seq)]);
        await execute(em, 'delete from audit_entries where chain = ? and seq <= ?', [f.chain, Number(f.seq)]);
        removed += Number(n);
      }
      return removed;
    });
  }
}
