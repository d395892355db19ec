import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { Audience, EventPayloads, EventType } from '@kpi/contracts';

/**
 * What a service may tell about a change beyond the event's payload, for the sinks that record changes (the
 * audit trail, docs/audit.md). Never logged with the event, never sent to anyone.
 */
export interface ChangeNote {
  /**
   * The subject as it was before the change, in the payload's own shape (the view the service had loaded
   * anyway: no extra read), or null for a subject that did not exist before. Fields whose before and after
   * differ are the change.
   */
  before?: unknown;
  /** Secrets the change set or replaced (a password, a signing secret): recorded as changed, never their value. */
  secrets?: string[];
  /** A consequence of another change recorded in the same unit of work (a member count moved, an echo to the assignee): not a change of its own. */
  sideEffect?: boolean;
  /** The subject's name when the payload names it by id alone and the service has it at hand (a badge's receiver). */
  subjectName?: string;
}

/** One recorded event as a sink sees it at flush: before it is numbered, with its note. */
export interface NotedEvent {
  type: EventType;
  audience: Audience;
  payload: unknown;
  note?: ChangeNote;
}

/** Rows a unit of work writes once, just before its events are numbered, and the events that writing records. */
export interface ClosingWrite {
  /** One audience per event `write` will record: their streams' counters move while it runs. */
  audiences(): Audience[];
  /**
   * Runs while the counters are reserved. It may hand back `rest`: statements it has sent that nothing later
   * depends on, joined with the event log's insert instead of delaying it (one trip, not two).
   */
  write(): Promise<void | { rest: Promise<unknown> }>;
}

/** What a closing write may record: events of its own, numbered with the unit of work's (the unit's EventRecorder). */
export interface SinkEvents {
  record<T extends EventType>(type: T, audience: Audience, payload: EventPayloads[T]): void;
}

/**
 * The outbox's public extension point: a sink sees every event of a unit of work when it flushes, inside its
 * transaction, and may answer a closing write (above) that writes its own rows there, so those rows
 * exist exactly when the change does. A sink adds one closing write per unit of work, however many events.
 */
export interface OutboxSink {
  closingWrite(em: EntityManager, events: readonly NotedEvent[], recorder: SinkEvents): ClosingWrite | null;
}

/** The sinks every unit of work's recorder calls; modules add theirs when they start. */
@Injectable()
export class OutboxSinks {
  private readonly sinks: OutboxSink[] = [];

  add(sink: OutboxSink): void {
    this.sinks.push(sink);
  }

  get all(): readonly OutboxSink[] {
    return this.sinks;
  }
}
