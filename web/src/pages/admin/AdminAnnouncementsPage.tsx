import { AdminAnnouncementList } from '../../features/announcements/AdminAnnouncementList';

export function AdminAnnouncementsPage() {
  return <AdminAnnouncementList />;
}
