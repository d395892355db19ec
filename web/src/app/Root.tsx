import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { FullPageSpinner } from '../components/ui/Spinner';
import { sessionStatusAtom, sessionUserAtom } from '../session/atoms';
import { homePathFor } from '../session/homePath';
import { LoginScreen } from '../pages/LoginScreen';
import { useAtomValue } from '../lib/store';
import { preloadToasts, toastOutletAtom } from '../lib/toastOutlet';
import { WallBackdrop } from './WallBackdrop';

// The router and everything behind it are one lazily loaded chunk: a cold load of the sign-in page
// renders the sign-in screen without them, so it loads little more than React itself.
const loadApp = () => import('./App');
const App = lazy(() => loadApp().then((module) => ({ default: module.App })));
// react-hot-toast too: the sign-in page mounts the toast outlet with its first toast.
const Toasts = lazy(() => import('./Toasts').then((module) => ({ default: module.Toasts })));

const SIGN_IN_PATHS = new Set(['/', '/login']);
const onSignInPath = (): boolean => SIGN_IN_PATHS.has(window.location.pathname);
const isWallPath = (): boolean => window.location.pathname === '/wall' || window.location.pathname.startsWith('/wall/');

/**
 * The top of the tree. Opened at / or /login, it shows the sign-in shell until someone is signed in (or
 * history leaves those paths); from then on the routed app owns every path, /login included.
 */
export function Root() {
  const [routed, setRouted] = useState(() => !onSignInPath());
  const enterApp = useCallback(() => setRouted(true), []);
  const toastsWanted = useAtomValue(toastOutletAtom);
  return (
    <>
      {routed ? (
        <Suspense fallback={isWallPath() ? <WallBackdrop /> : <FullPageSpinner />}>
          <App />
        </Suspense>
      ) : (
        <SignInShell onLeave={enterApp} />
      )}
      {(routed || toastsWanted) && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}

/** The sign-in page without the router: the session restore spinner, the form, and the hand-over. */
function SignInShell({ onLeave }: { onLeave: () => void }) {
  const status = useAtomValue(sessionStatusAtom);
  const user = useAtomValue(sessionUserAtom);

  useEffect(() => {
    if (!user) return;
    // Signed in (or a stored session restored): the role's area, replacing /login in history as before.
    window.history.replaceState(window.history.state, '', homePathFor(user.role));
    onLeave();
  }, [user, onLeave]);

  useEffect(() => {
    const followHistory = () => {
      if (!onSignInPath()) onLeave();
    };
    // Fetch the app and the toasts while the person types, so signing in does not wait for them.
    const preload = () => {
      void loadApp();
      preloadToasts();
    };
    window.addEventListener('popstate', followHistory);
    document.addEventListener('focusin', preload, { once: true });
    return () => {
      window.removeEventListener('popstate', followHistory);
      document.removeEventListener('focusin', preload);
    };
  }, [onLeave]);

  return status === 'loading' || user ? <FullPageSpinner /> : <LoginScreen />;
}
