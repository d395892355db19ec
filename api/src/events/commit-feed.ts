import { Injectable, Logger } from '@nestjs/common';
import type { AnyEnvelope, Audience, LiveNotes, LiveNoteType } from '@kpi/contracts';

/** An event as committed: its envelope (numbered in its stream) and who may receive it. */
export interface RecordedEvent {
  envelope: AnyEnvelope;
  audience: Audience;
}

/**
 * Facts for the server's own edges, not for any client: they are handed over after the commit together with
 * the events, but never written to the log nor sent. (A revoked display is nobody else's news; a company whose
 * standings changed gets its live top 10 from modules/leaderboard/live-leaderboard.ts.)
 */
export type CommitNotice = { type: 'wall.revoked'; payload: { displayId: string } } | { type: 'standings.changed'; payload: { companyId: string } };

/** A live note (contracts' LiveNotes) for an audience's room: sent after the commit, never logged nor numbered. */
export type LiveNote = { [K in LiveNoteType]: { type: K; audience: Audience; payload: LiveNotes[K] } }[LiveNoteType];

/** What one committed unit of work hands to its listeners. */
export interface Committed {
  events: RecordedEvent[];
  notices: CommitNotice[];
  /** Live notes, when the unit of work told any. */
  notes?: LiveNote[];
}

export type CommitListener = (committed: Committed) => void;

/**
 * Where committed work goes next. The outbox knows nothing of sockets or caches: the realtime edge and the
 * session cache listen here. Listeners run synchronously, in the tick of the commit, one after another; one
 * that throws is logged and does not keep the others from running.
 */
@Injectable()
export class CommitFeed {
  private readonly logger = new Logger('Events');
  private readonly listeners: CommitListener[] = [];

  listen(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  deliver(committed: Committed): void {
    for (const listener of this.listeners) {
      try {
        listener(committed);
      } catch (err) {
        this.logger.error(`a listener of committed events failed: ${(err as Error).message}`);
      }
    }
  }
}
