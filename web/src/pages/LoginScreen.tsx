import { LoginForm } from '../features/account/LoginForm';
import { SignInShell } from './SignInShell';

/**
 * The sign-in screen itself. Knows no router: the sign-in shell renders it before the router has loaded, and the
 * build renders its `preview` into /login's HTML (web/src/prerender).
 */
export function LoginScreen({ preview = false }: { preview?: boolean }) {
  return (
    <SignInShell title="Sign in to your account">
      <LoginForm preview={preview} />
    </SignInShell>
  );
}
