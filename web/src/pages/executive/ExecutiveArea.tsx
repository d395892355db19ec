import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardShell, type ShellTab } from '../../shell/DashboardShell';
import { tabHref } from '../../shell/tabs';
import { SectionSpinner } from '../../components/ui';
import { ChartLineIcon, ClipboardIcon, MegaphoneIcon, TrophyIcon, UserIcon } from '../../components/ui/icons';
import { AnnouncementsRealtimeEffect } from '../../features/announcements/AnnouncementsRealtimeEffect';
import { BadgesRealtimeEffect } from '../../features/badges/BadgesRealtimeEffect';
import { LeaderboardRealtimeEffect } from '../../features/leaderboard/LeaderboardRealtimeEffect';
import { DesktopNotificationsEffect } from '../../features/mail/DesktopNotificationsEffect';
import { NotificationsRealtimeEffect } from '../../features/notifications/NotificationsRealtimeEffect';
import { PerformanceRealtimeEffect } from '../../features/performance/PerformanceRealtimeEffect';
import { TasksRealtimeEffect } from '../../features/tasks/TasksRealtimeEffect';
import { AnnouncementsPage } from './AnnouncementsPage';
import { LeaderboardPage } from './LeaderboardPage';
import { MyTasksPage } from './MyTasksPage';
import { ProfilePage } from './ProfilePage';

// The performance dashboard carries the charts: its own chunk.
const PerformancePage = lazy(() => import('./PerformancePage').then((m) => ({ default: m.PerformancePage })));

const TABS: readonly ShellTab[] = [
  { path: 'profile', label: 'My Profile', icon: <UserIcon /> },
  { path: 'tasks', label: 'My Tasks', icon: <ClipboardIcon /> },
  { path: 'performance', label: 'Performance', icon: <ChartLineIcon /> },
  { path: 'leaderboard', label: 'Leaderboard', icon: <TrophyIcon /> },
  { path: 'announcements', label: 'Announcements', icon: <MegaphoneIcon /> },
];
/** /executive itself shows no screen: it redirects to the first tab, as unknown paths do. */
const HOME = tabHref('executive', TABS[0]);

/** /executive/*: loaded lazily, only for an executive. */
export default function ExecutiveArea() {
  return (
    <DashboardShell area="executive" title="Executive Dashboard" tabs={TABS}>
      <BadgesRealtimeEffect />
      <AnnouncementsRealtimeEffect />
      <NotificationsRealtimeEffect />
      <DesktopNotificationsEffect />
      <TasksRealtimeEffect />
      <LeaderboardRealtimeEffect />
      <PerformanceRealtimeEffect />
      <Suspense fallback={<SectionSpinner />}>
        <Routes>
          <Route index element={<Navigate to={HOME} replace />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="tasks" element={<MyTasksPage />} />
          <Route path="performance" element={<PerformancePage />} />
          <Route path="leaderboard" element={<LeaderboardPage />} />
          <Route path="announcements" element={<AnnouncementsPage />} />
          <Route path="*" element={<Navigate to={HOME} replace />} />
        </Routes>
      </Suspense>
    </DashboardShell>
  );
}
