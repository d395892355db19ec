import { EventLog, StreamSequence } from '../events/event-log.entity';
import { OutboxCursorRow } from '../events/outbox-cursor.entity';
import { Announcement } from '../modules/announcements/announcement.entity';
import { Badge } from '../modules/badges/badge.entity';
import { UserBadge } from '../modules/badges/user-badge.entity';
import { Company } from '../modules/companies/company.entity';
import { LeaderboardSnapshot } from '../modules/leaderboard/leaderboard-snapshot.entity';
import { MailMessage } from '../modules/mail/mail-message.entity';
import { MailPreference } from '../modules/mail/mail-preference.entity';
import { MailTaskReminder } from '../modules/mail/mail-task-reminder.entity';
import { ImportJob } from '../modules/imports/import-job.entity';
import { ImportRow } from '../modules/imports/import-row.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { PasswordLink } from '../modules/password-links/password-link.entity';
import { CompanySignIn, SsoDomain } from '../modules/sso/company-sign-in.entity';
import { CompanyScoreAggregate, ScoreAggregate } from '../modules/stats/score-aggregate.entity';
import { ScoreHistory } from '../modules/tasks/score-history.entity';
import { ScoringKey } from '../modules/tasks/scoring-key.entity';
import { TaskComment } from '../modules/tasks/task-comment.entity';
import { Task } from '../modules/tasks/task.entity';
import { User } from '../modules/users/user.entity';
import { AuditChain, AuditEntry } from '../modules/audit/audit-entry.entity';
import { WallDisplay } from '../modules/walls/wall-display.entity';
import { WallPairing } from '../modules/walls/wall-pairing.entity';
import { WebhookAttempt } from '../modules/webhooks/webhook-attempt.entity';
import { WebhookEndpoint } from '../modules/webhooks/webhook-endpoint.entity';

/** Every entity, listed explicitly (no folder scanning), for the ORM config and tests. */
export const ENTITIES = [
  Company, User, Task, TaskComment, ScoreHistory, Announcement, Notification, Badge, UserBadge, LeaderboardSnapshot, EventLog, StreamSequence,
  WallDisplay, WallPairing, ScoreAggregate, CompanyScoreAggregate, ScoringKey, WebhookEndpoint, WebhookAttempt,
  OutboxCursorRow, MailMessage, MailPreference, MailTaskReminder,
  PasswordLink, CompanySignIn, SsoDomain,
  AuditEntry, AuditChain,
  ImportJob, ImportRow,
];
