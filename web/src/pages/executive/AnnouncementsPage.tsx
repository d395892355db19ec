import { CompanyAnnouncements } from '../../features/announcements/CompanyAnnouncements';

export function AnnouncementsPage() {
  return <CompanyAnnouncements />;
}
