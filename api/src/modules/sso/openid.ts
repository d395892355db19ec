import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };

/**
 * openid-client is an ES module. Node 20.19+ `require`s ES modules, which keeps this CommonJS build's
 * decorators and jest's module system as they are; loaded once, on the first single sign-on.
 */
export type OpenId = typeof OpenIdClient;
let loaded: OpenId | null = null;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: an ES module from CommonJS
export const openid = (): OpenId => (loaded ??= require('openid-client') as OpenId);

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * OpenID discovery of `issuer` for this client. Plain http is allowed only for a provider on this machine (a
 * test's, a developer's): openid-client marks that switch deprecated so that it stands out, not because it goes.
 */
export function discoverProvider(issuer: URL, clientId: string, clientSecret?: string): ReturnType<OpenId['discovery']> {
  const oidc = openid();
  const local = issuer.protocol === 'http:' && LOCAL_HOSTS.includes(issuer.hostname);
  return oidc.discovery(issuer, clientId, undefined, clientSecret === undefined ? undefined : oidc.ClientSecretBasic(clientSecret), {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above: local providers only
    execute: local ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  });
}
