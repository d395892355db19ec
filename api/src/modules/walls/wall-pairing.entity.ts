import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { WallDisplay } from './wall-display.entity';

/**
 * A code shown on a screen waiting to be paired. Claimed once (`display` set by a conditional update), then
 * read by the screen with its secret until the pairing expires; expired rows are pruned, freeing their codes.
 */
@Entity({ tableName: 'wall_pairings' })
export class WallPairing {
  [OptionalProps]?: 'createdAt' | 'display' | 'claimedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 16, unique: true })
  code!: string;

  /** SHA-256 of the secret only the screen holds; the secret itself is never stored. */
  @Property({ type: 'string', length: 64, hidden: true })
  secretHash!: string;

  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @ManyToOne(() => WallDisplay, { nullable: true, deleteRule: 'cascade', index: true })
  display: WallDisplay | null = null;

  @Property({ type: 'datetime', nullable: true })
  claimedAt: Date | null = null;
}
