import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The test provider's one client (oidc-provider-process.mjs). */
export const OIDC_CLIENT = { id: 'kpi-tracker', secret: 'kpi-tracker-client-secret-for-tests' };

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  /** Signs `login` in at the provider from `authorizationUrl` and returns where it sends the browser back. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/** Starts oidc-provider (a real OpenID provider) in its own process on a free port. */
export async function startTestProvider(config: { redirectUris: string[]; postLogoutRedirectUris?: string[]; accounts: Record<string, TestAccount> }): Promise<TestProvider> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider-process.mjs')], {
    env: { ...process.env, OIDC_TEST_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      output += String(d);
      const found = /listening (\S+)/.exec(output);
      if (found) resolve(found[1]);
    });
    child.stderr?.on('data', (d: Buffer) => (output += String(d)));
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited (${code}):\n${output}`)));
  });
  return {
    issuer,
    signIn: (authorizationUrl, login) => throughProvider(authorizationUrl, login),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Follows the provider's redirects as a browser would (its cookies kept), filling its login form once. */
async function throughProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.pathname.endsWith('/api/auth/sso/callback')) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 500)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
  }
  throw new Error('the provider never sent the browser back');
}
