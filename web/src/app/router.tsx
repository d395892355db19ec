import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui';
import { LoginPage } from '../pages/LoginPage';
import { RequireRole, SessionGate } from './guards';

// One lazily loaded chunk per area, so the sign-in page loads none of the dashboards (nor the charts).
const SuperadminArea = lazy(() => import('../pages/superadmin/SuperadminArea'));
const AdminArea = lazy(() => import('../pages/admin/AdminArea'));
const ExecutiveArea = lazy(() => import('../pages/executive/ExecutiveArea'));

const area = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

/** Every top-level route. Each area declares its own tabs as descendant routes. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SessionGate />}>
        <Route path="/" element={<LoginPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/superadmin/*" element={<RequireRole role="superadmin">{area(<SuperadminArea />)}</RequireRole>} />
        <Route path="/admin/*" element={<RequireRole role="admin">{area(<AdminArea />)}</RequireRole>} />
        <Route path="/executive/*" element={<RequireRole role="executive">{area(<ExecutiveArea />)}</RequireRole>} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Route>
    </Routes>
  );
}
