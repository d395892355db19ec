import { Navigate } from 'react-router-dom';
import { useAtomValue } from '../lib/store';
import { sessionUserAtom } from '../session/atoms';
import { homePathFor } from '../session/homePath';
import { LoginScreen } from './LoginScreen';

/** Sign-in at / and /login inside the router. A signed-in user is sent to their area. */
export function LoginPage() {
  const user = useAtomValue(sessionUserAtom);
  if (user) return <Navigate to={homePathFor(user.role)} replace />;
  return <LoginScreen />;
}
