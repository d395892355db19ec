import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/Spinner';
import { LoginPage } from '../pages/LoginPage';
import { RequireRole, SessionGate } from './guards';
import { WallBackdrop } from './WallBackdrop';

// One lazily loaded chunk per area, so the sign-in page loads none of the dashboards (nor the charts).
const SuperadminArea = lazy(() => import('../pages/superadmin/SuperadminArea'));
const AdminArea = lazy(() => import('../pages/admin/AdminArea'));
const ExecutiveArea = lazy(() => import('../pages/executive/ExecutiveArea'));
// Reached from a link or the sign-in form: their own small chunks, kept off the sign-in page's first load.
const SetPasswordPage = lazy(() => import('../pages/SetPasswordPage').then((m) => ({ default: m.SetPasswordPage })));
const SsoPage = lazy(() => import('../pages/SsoPage').then((m) => ({ default: m.SsoPage })));
const ForgotPasswordPage = lazy(() => import('../pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
// The office wall display: no session, its own chunk (and its own socket).
const WallPage = lazy(() => import('../pages/WallPage'));
// An email's unsubscribe link: no session either.
const UnsubscribePage = lazy(() => import('../pages/UnsubscribePage'));

const area = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

/** Every top-level route. Each area declares its own tabs as descendant routes. */
export function AppRoutes() {
  return (
    <Routes>
      {/* Outside the session gate and the role guards: a wall is paired with a code, not signed in. */}
      <Route
        path="/wall"
        element={
          <Suspense fallback={<WallBackdrop />}>
            <WallPage />
          </Suspense>
        }
      />
      <Route
        path="/unsubscribe"
        element={
          <Suspense fallback={<FullPageSpinner />}>
            <UnsubscribePage />
          </Suspense>
        }
      />
      <Route element={<SessionGate />}>
        <Route path="/" element={<LoginPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/set-password" element={area(<SetPasswordPage />)} />
        <Route path="/forgot-password" element={area(<ForgotPasswordPage />)} />
        <Route path="/sso" element={area(<SsoPage />)} />
        <Route path="/superadmin/*" element={<RequireRole role="superadmin">{area(<SuperadminArea />)}</RequireRole>} />
        <Route path="/admin/*" element={<RequireRole role="admin">{area(<AdminArea />)}</RequireRole>} />
        <Route path="/executive/*" element={<RequireRole role="executive">{area(<ExecutiveArea />)}</RequireRole>} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Route>
    </Routes>
  );
}
