import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/knex';
import { IMPORT_LIMITS, type Audience, type ImportKind, type ImportOutcome } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { AppError } from '../../common/errors/app-error';
import { Scope } from '../../common/tenancy/scope';
import { outsideRequest } from '../../common/tenancy/query-origin';
import type { EventRecorder } from '../../events/event-recorder';
import { UnitOfWork } from '../../events/unit-of-work';
import { Company } from '../companies/company.entity';
import { PasswordLinksService } from '../password-links/password-links.service';
import { SsoPolicy } from '../sso/sso-policy';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { ImportRepository, type RowOutcome } from './import.repository';
import { checkRows, decide, isRejection, type ImportTarget } from './imports.rules';

/** A node holds a job this long past its last batch; a node that stops lets another (or itself, restarted) go on. */
export const IMPORT_LEASE_MS = 30_000;
/** How often a node looks for imports whose node stopped. */
const SWEEP_MS = 10_000;
/** Tries of one batch that lost a race for an email (another import or a form created the person meanwhile). */
const CONFLICT_TRIES = 3;

interface JobContext {
  id: string;
  kind: ImportKind;
  actor: Actor;
  target: ImportTarget;
  audience: Audience;
}

type BatchCounts = Record<'processed' | 'created' | 'updated' | 'unchanged' | 'deactivated' | 'rejected', number>;

const COUNTED: Record<ImportOutcome, keyof BatchCounts> = { created: 'created', updated: 'updated', unchanged: 'unchanged', deactivated: 'deactivated', rejected: 'rejected' };

/**
 * Applies imports in the background (docs/imports.md): batches of IMPORT_LIMITS.batch rows, each one unit of work
 * that writes its people through the users module, the rows' outcomes and the job's counters together, so a node
 * killed mid-import leaves whole batches only and the next node continues from the first row without an outcome.
 */
@Injectable()
export class ImportWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Imports');
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly repository: ImportRepository,
    private readonly users: UsersService,
    private readonly links: PasswordLinksService,
    private readonly sso: SsoPolicy,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    // The batch in flight commits (or rolls back) before the database closes; the job's lease then lapses.
    await Promise.allSettled(this.running.values());
  }

  /** A job just stored by this node: it is free, so this node takes it at once. */
  start(jobId: string): void {
    void this.claimAndRun(jobId, ['running']);
  }

  /** Resume pressed: a failed job, or a running one nobody holds. False when another run holds it. */
  async resume(jobId: string): Promise<boolean> {
    if (this.running.has(jobId)) return false;
    return this.claimAndRun(jobId, ['running', 'failed']);
  }

  /** Resumes the imports whose node stopped (at start-up, then every few seconds). */
  async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      for (const id of await outsideRequest(() => this.repository.lapsed(new Date()))) if (!this.running.has(id)) await this.claimAndRun(id, ['running']);
    } catch (err) {
      this.logger.warn(`looking for interrupted imports failed: ${(err as Error).message}`);
    }
  }

  /** Idle when every job this node runs has stopped (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled(this.running.values());
  }

  private async claimAndRun(jobId: string, statuses: ('running' | 'failed')[]): Promise<boolean> {
    if (this.stopped || this.running.has(jobId)) return false;
    const now = new Date();
    const companyId = await outsideRequest(() =>
      this.uow.run((em) => Scope.acrossCompanies('the worker claims a job by its id', () => this.repository.claim(em, jobId, new Date(now.getTime() + IMPORT_LEASE_MS), now, statuses))),
    );
    if (!companyId) return false;
    const run = outsideRequest(() => this.run(jobId, companyId)).finally(() => this.running.delete(jobId));
    this.running.set(jobId, run);
    return true;
  }

  private async run(jobId: string, companyId: string): Promise<void> {
    const job = await this.context(jobId, companyId);
    if (!job) return;
    try {
      while (!this.stopped) {
        const invitations = await this.batchWithRetries(job);
        if (invitations === 'done') return;
        await this.deliver(invitations);
      }
    } catch (err) {
      const message = (err as Error).message.slice(0, 300);
      this.logger.warn(`import ${jobId} stopped: ${message}`);
      await this.uow
        .run(async (em, events) => {
          await this.repository.finish(em, jobId, 'failed', `A batch could not be written (${message}). The rows before it are imported; Resume continues from it.`);
          await this.recordProgress(em, events, job);
        })
        .catch((e: Error) => this.logger.error(`import ${jobId}: recording its failure failed: ${e.message}`));
    }
  }

  /** Who the job acts as (its creator, as they were when they started it), and who hears of it. */
  private async context(jobId: string, companyId: string): Promise<JobContext | undefined> {
    const job = await this.repository.job(this.em.fork(), Scope.company(companyId), jobId);
    if (!job) return undefined;
    const { view } = job;
    const role = view.kind === 'executives' ? 'executive' : 'admin';
    const actor: Actor = { userId: view.createdBy.id ?? '', role: job.createdByRole, companyId: job.createdByRole === 'superadmin' ? null : view.companyId, name: view.createdBy.name };
    const audience: Audience = view.kind === 'executives' ? { kind: 'admins', companyId: view.companyId } : { kind: 'superadmin' };
    return { id: jobId, kind: view.kind, actor, target: { companyId: view.companyId, role, actorId: actor.userId }, audience };
  }

  /** A batch that lost a race for an email is tried again: the person now exists, so the row becomes an update. */
  private async batchWithRetries(job: JobContext): Promise<'done' | { user: User; issued: { token: string; expiresAt: Date } }[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.batch(job);
      } catch (err) {
        if (!(err instanceof UniqueConstraintViolationException) || attempt >= CONFLICT_TRIES) throw err;
      }
    }
  }

  /**
   * One transaction: the next rows without an outcome, decided against the people as they are now (one read
   * for the batch's emails), written through the users module, with their outcomes, the job's counters and one
   * `import.progress`. The transaction that finds no row left finishes the job and records `import.applied`.
   */
  private batch(job: JobContext): Promise<'done' | { user: User; issued: { token: string; expiresAt: Date } }[]> {
    return this.uow.run(async (em, events) => {
      const rows = await this.repository.pendingRows(em, job.id, IMPORT_LIMITS.batch);
      if (!rows.length) {
        await this.repository.finish(em, job.id, 'done', null);
        const done = await this.repository.job(em, Scope.company(job.target.companyId), job.id);
        const counts = done!.view;
        events.record('import.applied', job.audience, {
          importId: job.id,
          companyId: job.target.companyId,
          kind: job.kind,
          counts: { created: counts.created, updated: counts.updated, deactivated: counts.deactivated, rejected: counts.rejected },
          actor: job.actor.userId ? { userId: job.actor.userId, name: job.actor.name, role: job.actor.role } : null,
        });
        return 'done';
      }
      const checked = checkRows(rows.map((r) => ({ line: r.line, cells: r.cells })));
      const existing = await this.repository.existingPeople(
        em,
        checked.flatMap((r) => (isRejection(r) ? [] : [r.email])),
      );
      // The company, loaded once: every person's identity map starts with it.
      await em.findOne(Company, { id: job.target.companyId });
      // Once for the batch: a company that requires single sign-on gives its new people no invitation to a password.
      const invite = !(await this.sso.passwordRefusal(em, { role: job.target.role, companyId: job.target.companyId }));
      const outcomes: RowOutcome[] = [];
      const invitations: { user: User; issued: { token: string; expiresAt: Date } }[] = [];
      const counts: BatchCounts = { processed: rows.length, created: 0, updated: 0, unchanged: 0, deactivated: 0, rejected: 0 };
      for (const [i, row] of checked.entries()) {
        const position = rows[i].position;
        const outcome = (outcome: ImportOutcome, field: RowOutcome['field'] = null, reason: string | null = null) => {
          outcomes.push({ position, outcome, field, reason });
          counts[COUNTED[outcome]] += 1;
        };
        if (isRejection(row)) {
          outcome('rejected', row.field, row.message);
          continue;
        }
        const decision = decide(row, existing.get(row.email), job.target);
        // Each person on an identity map of their own (holding only the company), in the batch's transaction: one
        // map for the whole batch would make every flush walk every person written before it.
        const personEm = em.fork({ keepTransactionContext: true, clear: false });
        try {
          switch (decision.kind) {
            case 'rejected':
              outcome('rejected', decision.field, decision.message);
              break;
            case 'unchanged':
              outcome('unchanged');
              break;
            case 'create': {
              const user = await this.users.createIn(personEm, events, job.actor, { ...decision.person, role: job.target.role, company: job.target.companyId }, { counts: false });
              if (invite) invitations.push({ user, issued: await this.users.inviteIn(personEm, events, user, { newPerson: true }) });
              outcome('created');
              break;
            }
            case 'update':
            case 'deactivate':
              await this.users.updateIn(personEm, events, job.actor, decision.personId, decision.changes);
              outcome(decision.kind === 'update' ? 'updated' : 'deactivated');
              break;
          }
        } catch (err) {
          // The users module's own refusals (checked before it writes): the row is rejected with its words.
          if (!(err instanceof AppError)) throw err;
          outcome('rejected', 'email', err.message);
        }
      }
      await this.repository.saveOutcomes(em, job.id, outcomes);
      await this.repository.advance(em, job.id, counts, new Date(Date.now() + IMPORT_LEASE_MS));
      if (counts.created) await this.users.recordCounts(em, events, job.target.companyId);
      await this.recordProgress(em, events, job);
      return invitations;
    });
  }

  private async recordProgress(em: EntityManager, events: EventRecorder, job: JobContext): Promise<void> {
    const view = await this.repository.job(em, Scope.company(job.target.companyId), job.id);
    if (view) events.record('import.progress', job.audience, { import: view.view });
  }

  /** After the batch committed: mailed when mail is set up (docs/invitations.md); never fails the import. */
  private async deliver(invitations: { user: User; issued: { token: string; expiresAt: Date } }[]): Promise<void> {
    for (const { user, issued } of invitations) {
      await this.links.deliverInvitation(user, issued).catch((err: Error) => this.logger.warn(`invitation for a new person could not be sent: ${err.message}`));
    }
  }
}
