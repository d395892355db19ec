import type { Announcement } from '../announcements';
import type { AuditEntry } from '../audit';
import type { UserBadge } from '../badges';
import type { Role } from '../common/roles';
import type { Company } from '../companies';
import type { ImportJob, ImportKind } from '../imports';
import type { LeaderboardPeriod, LeaderboardEntry } from '../leaderboard';
import type { Notification, NotificationBroadcast } from '../notifications';
import type { SsoSettings } from '../sso';
import type { Task } from '../tasks';
import type { User } from '../users';
import type { WallDisplay } from '../walls';
import type { WebhookAttempt, WebhookEndpoint, WebhookEventType } from '../webhooks';

/** Every realtime event: name → payload. The server's emit and the client's handlers are typed by it. */
export interface EventPayloads {
  'task.assigned': { task: Task };
  'task.updated': { task: Task };
  'task.deleted': { taskId: string; assigneeId: string | null };
  'task.submitted': { task: Task; pendingReview: number };
  /** `rescored`: the task had been scored before (optional for older servers). */
  'task.scored': { task: Task; rescored?: boolean };
  'leaderboard.updated': { period: LeaderboardPeriod; top10: LeaderboardEntry[]; totalExecutives: number };
  'leaderboard.generated': { type: 'monthly' | 'yearly'; period: LeaderboardPeriod; generatedAt: string };
  'announcement.created': { announcement: Announcement };
  'announcement.updated': { announcement: Announcement };
  'announcement.pinned': { announcement: Announcement };
  'announcement.deleted': { announcementId: string };
  'badge.awarded': { userId: string; userBadge: UserBadge };
  'user.created': { user: User };
  'user.updated': { user: User };
  'user.deleted': { userId: string };
  'company.created': { company: Company };
  'company.updated': { company: Company };
  'company.deleted': { companyId: string };
  'admin.created': { user: User };
  'admin.updated': { user: User };
  'admin.deleted': { userId: string };
  /** Tokens issued before `tokenVersion` stop working; a client holding a newer token ignores this. */
  'session.revoked': {
    reason: 'password-changed' | 'deactivated' | 'reactivated' | 'deleted' | 'company-changed' | 'company-deleted';
    tokenVersion: number;
  };
  'notification.created': { notification: Notification; unread: number };
  'notification.read': { ids: string[] | 'all'; unread: number };
  /**
   * The same notification for every active user of `role` in the company, sent once to the company: each of
   * them derives their own copy (`ownBroadcastCopy`) and adds one to their unread count if it is new to them.
   */
  'notification.broadcast': NotificationBroadcast;
  /** A company's task figures changed (a task created, scored or deleted): the system statistics are stale. */
  'stats.changed': { companyId: string };
  /** A test event or a redelivery was sent, and its attempt entered the delivery log (admins of its company). */
  'webhook.attempted': { attempt: WebhookAttempt };
  /** An endpoint changed: edited, paused by its failures, resumed. */
  'webhook.updated': { endpoint: WebhookEndpoint };
  'webhook.deleted': { endpointId: string };
  /** A company's single sign-on settings were saved (`settings`) or turned off (null), to its admins. */
  'sso.updated': { companyId: string; settings: SsoSettings | null };
  /** A wall display was paired, or removed, to the company's admins. */
  'wall.paired': { display: WallDisplay };
  'wall.unpaired': { displayId: string };
  /** A new audit trail entry (docs/audit.md): to its company's admins and to the superadmin. */
  'audit.recorded': { entry: AuditEntry };
  /** An import moved on by one batch (its company's admins, or the superadmin for an import of admins). */
  'import.progress': { import: ImportJob };
  /** An import finished: one event per import, with its counts (docs/imports.md). */
  'import.applied': {
    importId: string;
    /** The company the people were imported into. */
    companyId: string;
    kind: ImportKind;
    counts: { created: number; updated: number; deactivated: number; rejected: number };
    /** Who started it: the audit entry's actor, since the import finishes outside their request (docs/audit.md). */
    actor: { userId: string; name: string; role: Role } | null;
  };
}
export type EventType = keyof EventPayloads;
export const EVENT_TYPES = [
  'task.assigned', 'task.updated', 'task.deleted', 'task.submitted', 'task.scored',
  'leaderboard.updated', 'leaderboard.generated',
  'announcement.created', 'announcement.updated', 'announcement.pinned', 'announcement.deleted',
  'badge.awarded',
  'user.created', 'user.updated', 'user.deleted',
  'company.created', 'company.updated', 'company.deleted',
  'admin.created', 'admin.updated', 'admin.deleted',
  'session.revoked',
  'notification.created', 'notification.read', 'notification.broadcast',
  'stats.changed',
  'webhook.attempted', 'webhook.updated', 'webhook.deleted',
  'sso.updated', 'wall.paired', 'wall.unpaired',
  'audit.recorded',
  'import.progress', 'import.applied',
] as const satisfies readonly EventType[];

/**
 * The events a company's wall displays receive (api's wall relay sends them to the wall room; the wall screen
 * listens for exactly these). Announcements reach a wall only while pinned and current.
 */
export const WALL_EVENT_TYPES = [
  'leaderboard.updated', 'leaderboard.generated',
  'announcement.created', 'announcement.updated', 'announcement.pinned', 'announcement.deleted',
] as const satisfies readonly EventType[];
export type WallEventType = (typeof WALL_EVENT_TYPES)[number];

/** Every type a webhook may carry (webhooks.ts) is an event of this catalogue: the build fails on one that is not. */
export type WebhookTypesAreEvents = WebhookEventType extends EventType ? true : never;
export const WEBHOOK_TYPES_ARE_EVENTS: WebhookTypesAreEvents = true;

/** What travels on the wire for every event. `seq` is gap-free within the event's stream. */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  seq: number;
  type: T;
  at: string;
  companyId: string | null;
  payload: EventPayloads[T];
}
export type AnyEnvelope = { [K in EventType]: EventEnvelope<K> }[EventType];

/** Who may receive an event. The server maps an audience to one room; clients never name rooms. */
export type Audience =
  | { kind: 'company'; companyId: string }
  | { kind: 'admins'; companyId: string }
  | { kind: 'user'; userId: string; companyId: string | null }
  | { kind: 'superadmin' };

export const SYSTEM_STREAM = 'system';

/** The stream (and so the sequence) an audience's events belong to. */
export const streamOf = (audience: Audience): string =>
  audience.kind === 'superadmin' ? SYSTEM_STREAM : (audience.companyId ?? SYSTEM_STREAM);

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  company: (companyId: string) => `company:${companyId}`,
  admins: (companyId: string) => `company:${companyId}:admins`,
  superadmin: () => 'superadmin',
  /** Every wall display of a company: the events walls may see (api/src/realtime/wall-relay.ts). */
  wall: (companyId: string) => `wall:${companyId}`,
  /** One wall display's sockets, so revoking it disconnects them at once. */
  wallDisplay: (displayId: string) => `wall-display:${displayId}`,
};

export const roomOf = (audience: Audience): string => {
  switch (audience.kind) {
    case 'company':
      return rooms.company(audience.companyId);
    case 'admins':
      return rooms.admins(audience.companyId);
    case 'user':
      return rooms.user(audience.userId);
    case 'superadmin':
      return rooms.superadmin();
  }
};

/**
 * Live notes: news for the screens open right now, sent to an audience's room after the commit that made them,
 * but never logged, numbered nor replayed, so they take no place in a company's gap-free stream. A screen that
 * shows them refetches what they update whenever its socket is live again (web's `onLive`).
 */
export interface LiveNotes {
  /**
   * Attempts the dispatcher made at one endpoint and wrote down together, oldest first (the admins of its
   * company). A test or a redelivery, asked for by a person and audited, is the event `webhook.attempted`.
   */
  'webhook.deliveries': { attempts: WebhookAttempt[] };
}
export type LiveNoteType = keyof LiveNotes;
export const LIVE_NOTE_TYPES = ['webhook.deliveries'] as const satisfies readonly LiveNoteType[];

/** Control messages outside the event log. */
export interface ServerControl {
  /**
   * The missed events, oldest first, in one message, to a client that asked for it (`HandshakeAuth.replay`);
   * `sync` follows. Not sent when nothing was missed.
   */
  replay: AnyEnvelope[];
  /** Replay finished; the client is live from `seq`. */
  sync: { seq: number };
  /** The missed range is no longer in the log: refetch what is on screen. */
  resync: { seq: number };
}
export interface HandshakeAuth {
  /** A user's token, or a wall display's token (walls never replay: they refetch their board on connect). */
  token: string;
  /** The last sequence number this client applied in its stream. */
  since?: number;
  /**
   * 'batch': the missed events come as one `replay` message before `sync`, which costs the server a fraction of
   * one message per event when a restarted node replays to an office at once. Without it (a client from before
   * it existed) each missed event comes as its own message, as live ones do.
   */
  replay?: 'batch';
}

/** The server's emits, typed: a wrong event name or payload fails to compile on both sides. */
export type ServerToClientEvents = { [K in EventType]: (envelope: EventEnvelope<K>) => void } & {
  [K in keyof ServerControl]: (message: ServerControl[K]) => void;
} & { [K in LiveNoteType]: (note: LiveNotes[K]) => void };
/** Clients send nothing over the socket: every change goes through REST. */
export type ClientToServerEvents = Record<string, never>;
