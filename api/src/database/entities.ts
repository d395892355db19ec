import { EventLog, StreamSequence } from '../events/event-log.entity';
import { Announcement } from '../modules/announcements/announcement.entity';
import { Badge } from '../modules/badges/badge.entity';
import { UserBadge } from '../modules/badges/user-badge.entity';
import { Company } from '../modules/companies/company.entity';
import { LeaderboardSnapshot } from '../modules/leaderboard/leaderboard-snapshot.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { PasswordLink } from '../modules/password-links/password-link.entity';
import { CompanySignIn, SsoDomain } from '../modules/sso/company-sign-in.entity';
import { CompanyScoreAggregate, ScoreAggregate } from '../modules/stats/score-aggregate.entity';
import { ScoreHistory } from '../modules/tasks/score-history.entity';
import { ScoringKey } from '../modules/tasks/scoring-key.entity';
import { TaskComment } from '../modules/tasks/task-comment.entity';
import { Task } from '../modules/tasks/task.entity';
import { User } from '../modules/users/user.entity';
import { WallDisplay } from '../modules/walls/wall-display.entity';
import { WallPairing } from '../modules/walls/wall-pairing.entity';

/** Every entity, listed explicitly (no folder scanning), for the ORM config and tests. */
export const ENTITIES = [
  Company, User, Task, TaskComment, ScoreHistory, Announcement, Notification, Badge, UserBadge, LeaderboardSnapshot, EventLog, StreamSequence,
  WallDisplay, WallPairing, ScoreAggregate, CompanyScoreAggregate, ScoringKey, PasswordLink, CompanySignIn, SsoDomain,
];
