import { AdminList } from '../../features/admins/AdminList';

export function AdminsPage() {
  return <AdminList />;
}
