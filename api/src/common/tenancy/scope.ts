import type { EntityManager, EntityName, FilterQuery, FindOneOptions, Loaded } from '@mikro-orm/knex';
import type { Actor } from '../auth/actor';
import { forbidden, notFound } from '../errors/app-error';
import type { SqlCondition } from '../paging/keyset';
import { markAcrossCompanies } from './query-origin';

const NO_COMPANY = 'No company assigned to user';
const OWN_COMPANY_ONLY = 'You can only work within your own company';

/** An entity whose rows belong to one company through a `company` relation (or its id). */
type Owned = { id: string; company?: unknown };

/**
 * The one way a request reaches tenant data (docs/tenancy.md). Built from the `Actor` once per request and
 * asked for the company predicate by every read and write: `where` for entity queries, `sql` for query builders
 * and plain SQL, `findOwn` for one row by id (another company's id answers 404, exactly like a missing one).
 * Admins and executives are always limited to their own company. The superadmin's scope spans every company;
 * a statement that must see every company during an admin's request names why (`Scope.acrossCompanies`).
 * The e2e suites check every statement against this (test/utils/tenancy-check.ts).
 */
export class Scope {
  private constructor(
    /** The company every query is limited to; undefined only for the superadmin reading across companies. */
    readonly companyId: string | undefined,
    private readonly actor: Actor | null,
  ) {}

  /** The scope of a request, memoised on its actor so one request builds it once. */
  static of(actor: Actor): Scope {
    let scope = BUILT.get(actor);
    if (!scope) {
      // The superadmin's scope spans every company until a call site narrows it (`narrowTo`, `companyById`).
      scope = new Scope(actor.role === 'superadmin' ? undefined : (actor.companyId ?? NONE), actor);
      BUILT.set(actor, scope);
    }
    return scope;
  }

  /**
   * Runs a statement that must see every company although an admin or executive asked (a uniqueness check
   * over all emails, a job's bookkeeping), naming why. The tenancy check lets exactly these through.
   */
  static acrossCompanies<T>(reason: string, work: () => T): T {
    return markAcrossCompanies(reason, work);
  }

  /** One named company, for work done on a company's behalf outside a request (jobs, event handlers). */
  static company(companyId: string): Scope {
    return new Scope(companyId, null);
  }

  /**
   * The scope narrowed to a company the caller names (`?company=`, a body's `company`). Admins and executives
   * may only name their own (403: docs/product.md#roles); the superadmin any, or none to stay across companies.
   */
  narrowTo(requested?: string | null): Scope {
    if (this.isAllCompanies) return requested ? Scope.company(requested) : this;
    this.own();
    if (requested && requested !== this.companyId) throw forbidden(OWN_COMPANY_ONLY);
    return this;
  }

  /**
   * The scope of a company named by id in a path (`/users/company/{id}`): the caller's own, or for the
   * superadmin any; another company's id answers 404, as a missing one does.
   */
  companyById(companyId: string, what = 'Company'): Scope {
    if (this.isAllCompanies) return Scope.company(companyId);
    if (companyId !== this.companyId) throw notFound(what);
    return this;
  }

  get isAllCompanies(): boolean {
    return this.companyId === undefined;
  }

  /** The company the scope works in, for writes that always belong to one company (403 without one). */
  own(): string {
    if (this.companyId === undefined || this.companyId === NONE) throw forbidden(NO_COMPANY);
    return this.companyId;
  }

  /** An entity filter limited to the scope's company (`key` is the entity's company property). */
  where<F extends object>(filter: F, key: 'company' | 'companyId' = 'company'): F {
    return this.isAllCompanies ? filter : { ...filter, [key]: this.companyId };
  }

  /** The company predicate for a query builder or plain SQL, e.g. `scope.sql('t.company_id')`. */
  sql(column: string): SqlCondition {
    return this.isAllCompanies ? { sql: '1 = 1', params: [] } : { sql: `${column} = ?`, params: [this.companyId] };
  }

  /** One row of the scope's company by id; another company's row answers 404 like a missing one. */
  async findOwn<T extends Owned, P extends string = never>(
    em: EntityManager,
    entity: EntityName<T>,
    id: string,
    what: string,
    options?: FindOneOptions<T, P>,
  ): Promise<Loaded<T, P>> {
    const row = await em.findOne(entity, this.where({ id }) as FilterQuery<T>, options);
    if (!row) throw notFound(what);
    return row;
  }

  /**
   * The user whose own records (tasks, stats, badges) the caller asks for: another company's user is 404; an
   * executive asking for a colleague is 403 (docs/product.md#roles); admins read their company; the superadmin anyone.
   */
  async visibleUser<T extends Owned, P extends string = never>(
    em: EntityManager,
    userEntity: EntityName<T>,
    userId: string,
    options?: FindOneOptions<T, P>,
  ): Promise<Loaded<T, P>> {
    const user = await this.findOwn(em, userEntity, userId, 'User', options);
    if (this.actor?.role === 'executive' && userId !== this.actor.userId) throw forbidden('You can only see your own records');
    return user;
  }
}

/** The company of an admin or executive without one: matches no row, so such a caller sees nothing. */
const NONE = '__none__';
const BUILT = new WeakMap<Actor, Scope>();
