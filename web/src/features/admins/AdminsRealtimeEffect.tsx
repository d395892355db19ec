import { useUserListLive } from '../users/useUserListLive';
import { loadAdmins } from './actions';
import { admins } from './atoms';

const live = {
  list: admins,
  role: 'admin',
  events: { created: 'admin.created', updated: 'admin.updated', deleted: 'admin.deleted' },
  reload: () => void loadAdmins({ quiet: true }),
  // The cards show their company's name.
  reloadOn: ['company.updated', 'company.deleted'],
} as const;

/** Applies admin.* events to the admin list; company changes refresh the company names it shows. */
export function AdminsRealtimeEffect() {
  useUserListLive(live);
  return null;
}
