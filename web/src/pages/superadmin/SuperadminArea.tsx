import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardShell, type ShellTab } from '../../shell/DashboardShell';
import { tabHref } from '../../shell/tabs';
import { SectionSpinner } from '../../components/ui';
import { BuildingIcon, ChartIcon, HistoryIcon, MailIcon, PlugIcon, UsersIcon } from '../../components/ui/icons';
import { AdminsRealtimeEffect } from '../../features/admins/AdminsRealtimeEffect';
import { AuditRealtimeEffect } from '../../features/audit/AuditRealtimeEffect';
import { CompaniesRealtimeEffect } from '../../features/companies/CompaniesRealtimeEffect';
import { IntegrationsRealtimeEffect } from '../../features/integrations/IntegrationsRealtimeEffect';
import { NotificationsRealtimeEffect } from '../../features/notifications/NotificationsRealtimeEffect';
import { OverallStatsRealtimeEffect } from '../../features/stats/OverallStatsRealtimeEffect';
import { AdminsImportPage } from './AdminsImportPage';
import { AdminsPage } from './AdminsPage';
import { AuditPage } from './AuditPage';
import { CompaniesPage } from './CompaniesPage';
import { IntegrationsPage } from './IntegrationsPage';
import { MailboxPage } from './MailboxPage';

// Statistics carry the charts: their own chunk.
const SystemStatsPage = lazy(() => import('./SystemStatsPage').then((m) => ({ default: m.SystemStatsPage })));

const TABS: readonly ShellTab[] = [
  { path: 'companies', label: 'Companies', icon: <BuildingIcon /> },
  { path: 'admins', label: 'Admins', icon: <UsersIcon /> },
  { path: 'stats', label: 'Statistics', icon: <ChartIcon /> },
  { path: 'integrations', label: 'Integrations', icon: <PlugIcon /> },
  { path: 'audit', label: 'Audit', icon: <HistoryIcon /> },
  // Development only: with SMTP_URL set the page says there is no local mailbox (docs/notifications.md).
  { path: 'mailbox', label: 'Mailbox', icon: <MailIcon /> },
];
/** /superadmin itself shows no screen: it redirects to the first tab, as unknown paths do. */
const HOME = tabHref('superadmin', TABS[0]);

/** /superadmin/*: loaded lazily, only for a superadmin. */
export default function SuperadminArea() {
  return (
    <DashboardShell area="superadmin" title="Superadmin Dashboard" tabs={TABS}>
      <CompaniesRealtimeEffect />
      <AdminsRealtimeEffect />
      <NotificationsRealtimeEffect />
      <OverallStatsRealtimeEffect />
      <IntegrationsRealtimeEffect />
      <AuditRealtimeEffect />
      <Suspense fallback={<SectionSpinner />}>
        <Routes>
          <Route index element={<Navigate to={HOME} replace />} />
          <Route path="companies" element={<CompaniesPage />} />
          <Route path="admins" element={<AdminsPage />} />
          <Route path="admins/import" element={<AdminsImportPage />} />
          <Route path="stats" element={<SystemStatsPage />} />
          <Route path="integrations" element={<IntegrationsPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="mailbox" element={<MailboxPage />} />
          <Route path="*" element={<Navigate to={HOME} replace />} />
        </Routes>
      </Suspense>
    </DashboardShell>
  );
}
