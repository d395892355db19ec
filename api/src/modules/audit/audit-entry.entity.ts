import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { AuditChange, Role } from '@kpi/contracts';

/**
 * One change an admin or the superadmin made (docs/audit.md), written in the transaction of the change. Plain
 * ids, no foreign keys: the trail outlives its subjects, their people and their company. Rows are written by
 * hand (audit-chain.repository.ts); the entity gives the schema and the verify walk's reads.
 */
@Entity({ tableName: 'audit_entries' })
@Unique({ properties: ['chain', 'seq'] })
@Index({ properties: ['companyId', 'at'] })
@Index({ properties: ['actorId', 'at'] })
@Index({ properties: ['subjectId'] })
export class AuditEntry {
  @PrimaryKey({ type: 'string', length: 36 })
  id!: string;

  /** Null for the superadmin's changes of nothing in a company. */
  @Property({ type: 'string', length: 36, nullable: true })
  companyId!: string | null;

  /** The chain the entry belongs to: its company's id, or `system`. */
  @Property({ type: 'string', length: 36 })
  chain!: string;

  @Property({ type: 'integer' })
  seq!: number;

  @Property({ type: 'datetime' })
  at!: Date;

  @Property({ type: 'string', length: 40 })
  kind!: string;

  @Property({ type: 'string', length: 36, nullable: true })
  actorId!: string | null;

  @Property({ type: 'string', length: 120 })
  actorName!: string;

  @Property({ type: 'string', length: 16 })
  actorRole!: Role;

  @Property({ type: 'string', length: 20 })
  subjectType!: string;

  @Property({ type: 'string', length: 64 })
  subjectId!: string;

  @Property({ type: 'string', length: 255 })
  subjectLabel!: string;

  @Property({ type: 'json' })
  changes!: AuditChange[];

  @Property({ type: 'string', length: 128, nullable: true })
  requestId!: string | null;

  @Property({ type: 'string', length: 64 })
  prevHash!: string;

  /** sha256 of `prevHash` and the entry's canonical content (common/chain/hash-chain.ts). */
  @Property({ type: 'string', length: 64 })
  hash!: string;
}

/**
 * The head of each chain: its last sequence number and hash, and where retention cut it (`floorSeq`, and the
 * hash of the last entry removed). Moving the head locks its row on PostgreSQL, so a chain's appends take turns.
 */
@Entity({ tableName: 'audit_chains' })
export class AuditChain {
  @PrimaryKey({ type: 'string', length: 36 })
  chain!: string;

  @Property({ type: 'integer' })
  seq!: number;

  @Property({ type: 'string', length: 64 })
  hash!: string;

  @Property({ type: 'integer', default: 0 })
  floorSeq: number = 0;

  @Property({ type: 'string', length: 64 })
  floorHash!: string;
}
