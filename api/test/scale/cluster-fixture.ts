import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ENTITIES } from '../../src/schema/entities';
import { EventLog } from '../../src/events/event-log.entity';
import type { Member } from '../utils/factories';
import { ApiNode, freePort, Nginx, nodeEnv } from './cluster';
import { createScratchDatabase, type ScaleEnv, type ScratchDatabase } from './scale-env';

/** Two api processes, A and B, behind nginx, on a scratch database; plus a read-only view of the event log. */
export interface Cluster {
  db: ScratchDatabase;
  A: ApiNode;
  B: ApiNode;
  nginx: Nginx;
  orm: MikroORM;
  /** One stream of the event log, in sequence order. */
  log(stream: string): Promise<EventLog[]>;
  close(): Promise<void>;
}

export async function startCluster(env: ScaleEnv, extra: Record<string, string> = {}): Promise<Cluster> {
  const db = await createScratchDatabase(env);
  const [pa, pb, pn] = [await freePort(), await freePort(), await freePort()];
  const A = new ApiNode('A', pa, nodeEnv(db, env, extra));
  const B = new ApiNode('B', pb, nodeEnv(db, env, extra));
  // One after the other: the first migrates the scratch database (the other would wait on the start-up lock anyway).
  await A.start();
  await B.start();
  const nginx = new Nginx(pn, [pa, pb]);
  await nginx.start();
  const orm = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: db.url, entities: ENTITIES, debug: false, pool: { min: 0, max: 2 } });
  return {
    db,
    A,
    B,
    nginx,
    orm,
    log: (stream) => orm.em.fork().find(EventLog, { stream }, { orderBy: { seq: 'asc' } }),
    async close() {
      await Promise.all([A.stop(), B.stop(), nginx.stop()]);
      await orm.close(true);
      await db.drop();
    },
  };
}

/** What one member may see of their company's stream (the audiences of contracts/src/realtime/events.ts). */
export const visibleTo = (member: Member) => (row: EventLog) =>
  row.audienceKind === 'company' ||
  (row.audienceKind === 'admins' && member.user.role === 'admin') ||
  (row.audienceKind === 'user' && row.audienceUserId === member.user._id);

export const summary = (e: { seq: number; id: string; type: string }) => `${e.seq} ${e.type} ${e.id}`;
