import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** How far one consumer of the outbox has read each stream (outbox-cursor.ts). */
@Entity({ tableName: 'outbox_cursors' })
export class OutboxCursorRow {
  @PrimaryKey({ type: 'string', length: 32 })
  consumer!: string;

  @PrimaryKey({ type: 'string', length: 36 })
  stream!: string;

  @Property({ type: 'integer' })
  lastSeq!: number;
}
