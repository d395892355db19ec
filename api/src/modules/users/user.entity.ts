import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Role } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';

@Entity({ tableName: 'users' })
/** A company's people by role; `isActive` too, so counting its active executives reads the index alone. */
@Index({ properties: ['company', 'role', 'isActive'] })
/** The user list's order (docs/paging.md). */
@Index({ properties: ['company', 'createdAt'] })
export class User {
  [OptionalProps]?: 'department' | 'phoneNumber' | 'company' | 'isActive' | 'mustChangePassword' | 'tokenVersion' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 120 })
  name!: string;

  @Property({ type: 'string', length: 254, unique: true })
  email!: string;

  @Property({ type: 'string', length: 255, hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ type: 'string', length: 16 })
  role!: Role;

  @Property({ type: 'string', length: 120, default: '' })
  department: string = '';

  @Property({ type: 'string', length: 40, default: '' })
  phoneNumber: string = '';

  @ManyToOne(() => Company, { nullable: true, deleteRule: 'cascade' })
  company: Company | null = null;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Property({ type: 'boolean', default: false })
  mustChangePassword: boolean = false;

  /** Bumped to end every session: tokens carry it and are refused once it moves on. */
  @Property({ type: 'integer', default: 0 })
  tokenVersion: number = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
