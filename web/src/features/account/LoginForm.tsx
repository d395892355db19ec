import { useState, type SubmitEvent } from 'react';
// Straight from the component files, not the ui index: the sign-in bundle takes only what it renders.
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/Field';
import { EyeIcon, EyeOffIcon } from '../../components/ui/icons';
import { notify } from '../../lib/toastOutlet';
import { errorMessage } from '../../lib/api';
import { login, startSingleSignOn } from '../../session/session';

/**
 * `preview`: the form as built into /login's HTML (web/src/prerender), shown before the scripts have loaded. Its
 * controls are disabled, so nothing is typed into fields that the running app then replaces.
 */
export function LoginForm({ preview = false }: { preview?: boolean }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  // The email and password form first (docs/product.md#sign-in); "Sign in with single sign-on" swaps in the email-only path (docs/single-sign-on.md).
  const [sso, setSso] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await login(email, password);
      // The sign-in page redirects by role as soon as the session user is set.
      notify('success', 'Login successful!');
    } catch (error) {
      notify('error', errorMessage(error, 'Login failed'));
      setBusy(false);
    }
  };

  const submitSso = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await startSingleSignOn(email);
    } catch (error) {
      notify('error', errorMessage(error, 'Single sign-on failed'));
      setBusy(false);
    }
  };

  if (sso) {
    return (
      <form onSubmit={(event) => void submitSso(event)}>
        <div className="min-w-0 space-y-5">
          <p className="text-sm text-slate-600">Enter your work email: we send you to your company&apos;s sign-in page.</p>
          <TextField
            label="Work email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@company.com"
          />
          <Button type="submit" className="w-full py-2.5" disabled={busy}>
            {busy ? 'Redirecting...' : 'Continue with single sign-on'}
          </Button>
          <p className="text-center text-sm">
            <button type="button" onClick={() => setSso(false)} className="font-medium text-indigo-600 hover:text-indigo-500">
              Sign in with a password instead
            </button>
          </p>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <fieldset disabled={preview} className="min-w-0 space-y-5">
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@company.com"
        />
        <div className="space-y-1.5">
          <div className="flex items-baseline gap-0.5">
            <label htmlFor="login-password" className="block text-sm font-medium text-slate-700">
              Password
            </label>
            <span className="text-sm text-red-500" aria-hidden="true">*</span>
          </div>
          <div className="relative">
            <input
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              placeholder="Enter your password"
              className="block w-full rounded-lg border-0 bg-white py-2 pl-3 pr-10 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 disabled:bg-slate-50 disabled:text-slate-500"
            />
            <button
              type="button"
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-3 text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {showPassword ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
            </button>
          </div>
        </div>
        <Button type="submit" className="w-full py-2.5" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
        <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          or
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <Button type="button" variant="secondary" className="w-full py-2.5" onClick={() => setSso(true)}>
          Sign in with single sign-on
        </Button>
        <p className="text-center text-sm">
          {/* A plain link: the sign-in shell renders this form before the router exists. */}
          <a href="/forgot-password" className="font-medium text-indigo-600 hover:text-indigo-500">
            Forgot your password?
          </a>
        </p>
      </fieldset>
    </form>
  );
}
