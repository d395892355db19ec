// A real OpenID provider for the tests (oidc-provider, a certified implementation), run as its own process: it
// is an ES module, and jest's module system is CommonJS. Configured by OIDC_TEST_CONFIG (JSON):
//   { redirectUris: [...], postLogoutRedirectUris: [...], accounts: { <login>: { email, email_verified, name, groups } } }
// Prints one line, `listening <issuer>`, once it answers. Its login page is the provider's development
// interaction: any password, the login names the account. Consent is granted for the one first-party client.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

export const CLIENT = { id: 'kpi-tracker', secret: 'kpi-tracker-client-secret-for-tests' };

const { redirectUris, postLogoutRedirectUris = [], accounts } = JSON.parse(process.env.OIDC_TEST_CONFIG ?? '{}');
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uris: redirectUris,
      post_logout_redirect_uris: postLogoutRedirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
  // The requested claims in the ID token itself, as most enterprise providers send them.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  cookies: { keys: ['oidc-test-provider-cookie-key'] },
  findAccount: (_ctx, id) => (accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined),
  // A first-party client: no consent screen.
  loadExistingGrant: async (ctx) => {
    const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile groups');
    await grant.save();
    return grant;
  },
});
server.on('request', provider.callback());
console.log(`listening ${issuer}`);
