import { OptionalProps, Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export interface ScoreFigures {
  qualityScore: number;
  timeScore: number;
  initiativeScore: number;
  totalScore: number;
  feedback: string;
}

/** Append-only record of every scoring and re-scoring; ids are plain so history outlives its subjects. */
@Entity({ tableName: 'score_history' })
@Index({ properties: ['companyId', 'taskId'] })
@Unique({ properties: ['companyId', 'chainSeq'] })
export class ScoreHistory {
  [OptionalProps]?: 'scoredById' | 'previous' | 'at' | 'chainSeq' | 'prevHash' | 'hash';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  companyId!: string;

  @Property({ type: 'string', length: 36 })
  taskId!: string;

  @Property({ type: 'string', length: 36, nullable: true })
  scoredById: string | null = null;

  @Property({ type: 'string', length: 120 })
  scoredByName!: string;

  @Property({ type: 'string', length: 16 })
  reason!: 'scored' | 'rescored';

  @Property({ type: 'json', nullable: true })
  previous: ScoreFigures | null = null;

  @Property({ type: 'json' })
  next!: ScoreFigures;

  @Property({ type: 'datetime' })
  at: Date = new Date();

  /** Position in its company's hash chain (modules/tasks/score-chain.repository.ts); null for rows older than the chain. */
  @Property({ type: 'integer', nullable: true })
  chainSeq: number | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  prevHash: string | null = null;

  /** sha256 of this row's content and `prevHash`: editing a row, or removing one, breaks the chain after it. */
  @Property({ type: 'string', length: 64, nullable: true })
  hash: string | null = null;
}
