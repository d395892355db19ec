import type { UserBadge } from '@kpi/contracts';
import { pagedLoadable } from '../../lib/loadable';

/** The signed-in user's badges, newest first. A failed load is only logged (docs/product.md#toasts: no toast). */
export const myBadges = pagedLoadable<UserBadge>({ failure: 'Failed to fetch badges', notify: 'log' });
export const myBadgesAtom = myBadges.value;
export const myBadgesStatusAtom = myBadges.status;
