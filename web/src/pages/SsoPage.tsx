import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../components/ui/Spinner';
import { notify } from '../lib/toastOutlet';
import { errorMessage } from '../lib/api';
import { homePathFor } from '../session/homePath';
import { finishSingleSignOn } from '../session/session';
import { BackToSignIn } from './SetPasswordPage';
import { SignInShell } from './SignInShell';

/** What the api's single sign-on callback put in the fragment: a session token, or why there is none. */
function readOutcome(): { token: string | null; logout: string | null; error: string | null } {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return { token: params.get('token'), logout: params.get('logout'), error: params.get('error') };
}

/** /sso: back from the identity provider. Signs in and goes to the person's area, or says why not. */
export function SsoPage() {
  const navigate = useNavigate();
  const [outcome] = useState(readOutcome);
  const [problem, setProblem] = useState<string | null>(() => outcome.error ?? (outcome.token ? null : 'This sign-in link is incomplete. Please start again.'));

  useEffect(() => {
    // The token must not stay in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname);
    if (!outcome.token) return;
    finishSingleSignOn(outcome.token, outcome.logout)
      .then((user) => {
        notify('success', 'Login successful!');
        void navigate(homePathFor(user.role), { replace: true });
      })
      .catch((error: unknown) => setProblem(errorMessage(error, 'Single sign-on failed. Please try again.')));
  }, [outcome, navigate]);

  return (
    <SignInShell title={problem ? 'Single sign-on did not work' : 'Signing you in...'}>
      {problem ? (
        <div className="space-y-5">
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20">
            {problem}
          </p>
          <BackToSignIn />
        </div>
      ) : (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      )}
    </SignInShell>
  );
}
