import type { Role } from '@kpi/contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/Spinner';
import { sessionStatusAtom, sessionUserAtom } from '../session/atoms';
import { canEnter } from '../session/homePath';
import { useAtomValue } from '../lib/store';

/** Holds every route behind a full-page spinner until the stored session has been checked. */
export function SessionGate() {
  const status = useAtomValue(sessionStatusAtom);
  return status === 'loading' ? <FullPageSpinner /> : <Outlet />;
}

/** An area for one role only; anyone else goes to /login, replacing history. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const user = useAtomValue(sessionUserAtom);
  if (!canEnter(user, role)) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
