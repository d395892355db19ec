import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardShell, type ShellTab } from '../../shell/DashboardShell';
import { tabHref } from '../../shell/tabs';
import { SectionSpinner } from '../../components/ui';
import { ChartIcon, ClipboardIcon, HistoryIcon, MegaphoneIcon, PlugIcon, ShieldIcon, TrophyIcon, UsersIcon } from '../../components/ui/icons';
import { AuditRealtimeEffect } from '../../features/audit/AuditRealtimeEffect';
import { AnnouncementsRealtimeEffect } from '../../features/announcements/AnnouncementsRealtimeEffect';
import { IntegrationsRealtimeEffect } from '../../features/integrations/IntegrationsRealtimeEffect';
import { ExecutivesRealtimeEffect } from '../../features/executives/ExecutivesRealtimeEffect';
import { LeaderboardRealtimeEffect } from '../../features/leaderboard/LeaderboardRealtimeEffect';
import { DesktopNotificationsEffect } from '../../features/mail/DesktopNotificationsEffect';
import { NotificationsRealtimeEffect } from '../../features/notifications/NotificationsRealtimeEffect';
import { CompanyStatsRealtimeEffect } from '../../features/stats/CompanyStatsRealtimeEffect';
import { TasksRealtimeEffect } from '../../features/tasks/TasksRealtimeEffect';
import { AdminAnnouncementsPage } from './AdminAnnouncementsPage';
import { AdminAuditPage } from './AdminAuditPage';
import { AdminIntegrationsPage } from './AdminIntegrationsPage';
import { AdminLeaderboardsPage } from './AdminLeaderboardsPage';
import { AdminTasksPage } from './AdminTasksPage';
import { ExecutivesImportPage } from './ExecutivesImportPage';
import { ExecutivesPage } from './ExecutivesPage';
import { SecurityPage } from './SecurityPage';

// Statistics carry the charts: their own chunk.
const AdminStatsPage = lazy(() => import('./AdminStatsPage').then((m) => ({ default: m.AdminStatsPage })));

const TABS: readonly ShellTab[] = [
  { path: 'executives', label: 'Executives', icon: <UsersIcon /> },
  { path: 'tasks', label: 'Tasks', icon: <ClipboardIcon /> },
  { path: 'leaderboards', label: 'Leaderboards', icon: <TrophyIcon /> },
  { path: 'announcements', label: 'Announcements', icon: <MegaphoneIcon /> },
  { path: 'stats', label: 'Statistics', icon: <ChartIcon /> },
  { path: 'integrations', label: 'Integrations', icon: <PlugIcon /> },
  { path: 'security', label: 'Security', icon: <ShieldIcon /> },
  { path: 'audit', label: 'Audit', icon: <HistoryIcon /> },
];
/** /admin itself shows no screen: it redirects to the first tab, as unknown paths do. */
const HOME = tabHref('admin', TABS[0]);

/** /admin/*: loaded lazily, only for an admin. */
export default function AdminArea() {
  return (
    <DashboardShell area="admin" title="Admin Dashboard" tabs={TABS}>
      <ExecutivesRealtimeEffect />
      <AnnouncementsRealtimeEffect />
      <NotificationsRealtimeEffect />
      <DesktopNotificationsEffect />
      <TasksRealtimeEffect />
      <LeaderboardRealtimeEffect />
      <CompanyStatsRealtimeEffect />
      <IntegrationsRealtimeEffect />
      <AuditRealtimeEffect />
      <Suspense fallback={<SectionSpinner />}>
        <Routes>
          <Route index element={<Navigate to={HOME} replace />} />
          <Route path="executives" element={<ExecutivesPage />} />
          <Route path="executives/import" element={<ExecutivesImportPage />} />
          <Route path="tasks" element={<AdminTasksPage />} />
          <Route path="leaderboards" element={<AdminLeaderboardsPage />} />
          <Route path="announcements" element={<AdminAnnouncementsPage />} />
          <Route path="stats" element={<AdminStatsPage />} />
          <Route path="integrations" element={<AdminIntegrationsPage />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="audit" element={<AdminAuditPage />} />
          <Route path="*" element={<Navigate to={HOME} replace />} />
        </Routes>
      </Suspense>
    </DashboardShell>
  );
}
