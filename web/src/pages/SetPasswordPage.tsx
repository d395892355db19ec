import { MIN_PASSWORD_LENGTH, type PasswordLink } from '@kpi/contracts';
import { useEffect, useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/Field';
import { Spinner } from '../components/ui/Spinner';
import { notify } from '../lib/toastOutlet';
import { errorMessage } from '../lib/api';
import { authApi } from '../session/api';
import { homePathFor } from '../session/homePath';
import { setPasswordWithLink } from '../session/session';
import { SignInShell } from './SignInShell';

type LinkStatus = { kind: 'checking' } | { kind: 'usable'; link: PasswordLink } | { kind: 'refused'; message: string };

/**
 * /set-password#<token>: an invitation or reset link. The token rides in the fragment, which the browser never
 * sends anywhere; the page checks it first, so a used, withdrawn or expired link says so before anything is typed.
 */
export function SetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(() => window.location.hash.slice(1));
  const [status, setStatus] = useState<LinkStatus>(() =>
    token ? { kind: 'checking' } : { kind: 'refused', message: 'This link is incomplete. Open the whole link you were sent.' },
  );
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    authApi
      .inspectLink(token)
      .then((link) => setStatus({ kind: 'usable', link }))
      .catch((error: unknown) => setStatus({ kind: 'refused', message: errorMessage(error, 'This link cannot be checked right now, please try again') }));
  }, [token]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setProblem('Password must be at least 8 characters long');
    if (password !== confirmation) return setProblem('New passwords do not match');
    setProblem(null);
    setBusy(true);
    try {
      const user = await setPasswordWithLink(token, password);
      // The link is spent: keep it out of the history.
      window.history.replaceState(null, '', window.location.pathname);
      notify('success', 'Your password is set. Welcome!');
      void navigate(homePathFor(user.role), { replace: true });
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to set the password'));
      setBusy(false);
    }
  };

  const title = status.kind === 'usable' && status.link.purpose === 'reset' ? 'Choose a new password' : 'Choose your password';
  return (
    <SignInShell title={title}>
      {status.kind === 'checking' && (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      )}
      {status.kind === 'refused' && (
        <div className="space-y-5">
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20">
            {status.message}
          </p>
          <BackToSignIn />
        </div>
      )}
      {status.kind === 'usable' && (
        <form onSubmit={(event) => void submit(event)} className="space-y-5">
          <p className="text-sm text-slate-600">
            {status.link.name}, choose the password you will sign in with as <span className="font-medium text-slate-900">{status.link.email}</span>.
          </p>
          <TextField label="New password" type="password" name="new-password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <TextField label="Confirm new password" type="password" name="confirm-password" autoComplete="new-password" required value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
          {problem && (
            <p role="alert" className="text-sm text-red-600">
              {problem}
            </p>
          )}
          <Button type="submit" className="w-full py-2.5" disabled={busy}>
            {busy ? 'Saving...' : 'Set password and sign in'}
          </Button>
        </form>
      )}
    </SignInShell>
  );
}

export function BackToSignIn() {
  return (
    <p className="text-center text-sm">
      <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
        Back to sign in
      </Link>
    </p>
  );
}
