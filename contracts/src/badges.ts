import { z } from 'zod';
import { LIMITS } from './constants';
import { idField, optionalText } from './common/fields';

export interface Badge {
  _id: string;
  icon: string;
  name: string;
  description: string;
}
export interface UserBadge {
  _id: string;
  badge: Badge;
  awardedAt: string;
  reason: string | null;
}
export const assignBadgeSchema = z.object({
  userId: idField('User'),
  badgeId: idField('Badge'),
  reason: optionalText('Reason', LIMITS.comment).optional(),
});
