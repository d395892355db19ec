import type { Role, User } from '@kpi/contracts';
import { useEffect } from 'react';
import { store } from '../../lib/store';
import type { PagedLoadable } from '../../lib/loadable';
import { debounce } from '../../lib/loadStatus';
import { onEvent, onResync } from '../../lib/socket';

/** Which events keep a list of users of one role live: admins hear admin.*, a company's admins hear user.*. */
type UserEvents = { created: 'admin.created'; updated: 'admin.updated'; deleted: 'admin.deleted' } | { created: 'user.created'; updated: 'user.updated'; deleted: 'user.deleted' };

/** Pass module constants (or memoised values): the subscriptions are renewed whenever one changes. */
interface UserListLive {
  list: PagedLoadable<User>;
  role: Role;
  events: UserEvents;
  /** Reloads the list quietly; null when it cannot be loaded (no company). */
  reload: (() => void) | null;
  /** Other events after which the list is reloaded (e.g. a company renamed: the names shown change). */
  reloadOn?: readonly ('company.updated' | 'company.deleted')[];
}

/**
 * Applies the user events to a list of users of one role: a user who is no longer of that role leaves it.
 * A reconnect (or another event in `reloadOn`) reloads it once for a burst, if it was ever loaded.
 */
const NONE = [] as const;

export function useUserListLive({ list, role, events, reload, reloadOn = NONE }: UserListLive): void {
  useEffect(() => {
    const place = (user: User) => (user.role === role ? list.upsert(user) : list.forget(user._id));
    const refresh = debounce(() => {
      if (reload && store.get(list.status) !== 'idle') reload();
    }, 400);
    const offs = [
      onEvent(events.created, ({ payload }) => place(payload.user)),
      onEvent(events.updated, ({ payload }) => place(payload.user)),
      onEvent(events.deleted, ({ payload }) => list.forget(payload.userId)),
      ...reloadOn.map((type) => onEvent(type, refresh)),
      onResync(refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [list, role, events, reload, reloadOn]);
}
