import { useState, type SubmitEvent } from 'react';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/Field';
import { errorMessage } from '../lib/api';
import { authApi } from '../session/api';
import { BackToSignIn } from './SetPasswordPage';
import { SignInShell } from './SignInShell';

/** "Forgot password": the answer is the same whether or not the account exists (SECURITY.md). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      setAnswer((await authApi.forgotPassword({ email })).message);
    } catch (error) {
      setProblem(errorMessage(error, 'Something went wrong, please try again'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInShell title="Forgot your password?">
      {answer ? (
        <div className="space-y-5">
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-600/20">
            {answer}. If nothing arrives, ask your administrator for an invitation link.
          </p>
          <BackToSignIn />
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-5">
          <p className="text-sm text-slate-600">Enter the email you sign in with and we will send a link to choose a new password.</p>
          <TextField label="Email address" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@company.com" />
          {problem && (
            <p role="alert" className="text-sm text-red-600">
              {problem}
            </p>
          )}
          <Button type="submit" className="w-full py-2.5" disabled={busy}>
            {busy ? 'Sending...' : 'Send the link'}
          </Button>
          <BackToSignIn />
        </form>
      )}
    </SignInShell>
  );
}
