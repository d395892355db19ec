import { MAIL_KINDS, type Announcement, type MailKind, type MailMode, type Notification, type Role, type Task, type UserBadge } from '@kpi/contracts';

/** What a mail row carries, per kind: the facts its template needs, copied from the event when it is made. */
export interface MailFacts {
  'task.assigned': { taskId: string; title: string; description: string; deadline: string; priority: string };
  'task.scored': {
    taskId: string;
    title: string;
    quality: number;
    time: number;
    initiative: number;
    total: number;
    feedback: string;
    rescored: boolean;
    scorer: string | null;
  };
  'badge.awarded': { icon: string; name: string; description: string; reason: string | null };
  'task.due-soon': { taskId: string; title: string; deadline: string };
  'task.overdue': { taskId: string; title: string; deadline: string };
  'task.submitted': { taskId: string; title: string; executive: string | null };
  'announcement.high': { announcementId: string; title: string; content: string; priority: string; author: string | null };
  'webhook.paused': { title: string; body: string };
}

/** Who gets a kind made from one event: one person, or every active person of some roles in the event's company. */
export type MailRecipients = { userId: string } | { roles: Role[] };

export type MailDraft = { [K in MailKind]: { kind: K; to: MailRecipients; facts: MailFacts[K] } }[MailKind];

/** The part of a logged event the rules read. */
export interface EventForMail {
  type: string;
  audienceKind: string;
  audienceUserId: string | null;
  payload: unknown;
}

const HIGH_PRIORITIES = new Set(['high', 'urgent']);

/**
 * Which emails one logged event makes. An event recorded for several audiences (a scoring goes to the executive
 * and to the admins) makes its emails from one of them only, so each is made once. New kinds get their case here.
 */
export function draftsFor(event: EventForMail): MailDraft[] {
  const toUser = event.audienceKind === 'user' && event.audienceUserId ? { userId: event.audienceUserId } : null;
  switch (event.type) {
    case 'task.assigned': {
      if (!toUser) return [];
      const { task } = event.payload as { task: Task };
      return [{ kind: 'task.assigned', to: toUser, facts: { taskId: task._id, title: task.title, description: task.description, deadline: task.deadline, priority: task.priority } }];
    }
    case 'task.scored': {
      const { task, rescored } = event.payload as { task: Task; rescored?: boolean };
      if (!toUser || !task.scoring) return [];
      const s = task.scoring;
      return [
        {
          kind: 'task.scored',
          to: toUser,
          facts: {
            taskId: task._id,
            title: task.title,
            quality: s.qualityScore,
            time: s.timeScore,
            initiative: s.initiativeScore,
            total: s.totalScore,
            feedback: s.feedback,
            rescored: rescored ?? false,
            scorer: s.scoredBy?.name ?? null,
          },
        },
      ];
    }
    case 'badge.awarded': {
      if (!toUser) return [];
      const { userBadge } = event.payload as { userBadge: UserBadge };
      const { icon, name, description } = userBadge.badge;
      return [{ kind: 'badge.awarded', to: toUser, facts: { icon, name, description, reason: userBadge.reason } }];
    }
    case 'task.submitted': {
      if (event.audienceKind !== 'admins') return [];
      const { task } = event.payload as { task: Task };
      return [{ kind: 'task.submitted', to: { roles: ['admin'] }, facts: { taskId: task._id, title: task.title, executive: task.assignedTo?.name ?? null } }];
    }
    case 'announcement.created': {
      const { announcement: a } = event.payload as { announcement: Announcement };
      if (event.audienceKind !== 'company' || !HIGH_PRIORITIES.has(a.priority)) return [];
      return [
        {
          kind: 'announcement.high',
          to: { roles: ['admin', 'executive'] },
          facts: { announcementId: a._id, title: a.title, content: a.content, priority: a.priority, author: a.author?.name ?? null },
        },
      ];
    }
    case 'notification.created': {
      // An integration that paused itself tells each admin in the bell (modules/webhooks/webhook-attempts.ts); the
      // same notice goes by email, once per admin.
      const { notification } = event.payload as { notification: Notification };
      if (!toUser || notification.kind !== 'webhook.paused') return [];
      return [{ kind: 'webhook.paused', to: toUser, facts: { title: notification.title, body: notification.body } }];
    }
    default:
      return [];
  }
}

/** What a person gets for a kind: nothing when their role cannot receive it, else their choice or the default. */
export function modeFor(kind: MailKind, role: Role, modes: Partial<Record<MailKind, MailMode>> | null): MailMode {
  const spec = MAIL_KINDS[kind];
  if (!(spec.roles as readonly Role[]).includes(role)) return 'off';
  return modes?.[kind] ?? spec.mode;
}

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(MAIL_KINDS, kind);
