import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };

/**
 * openid-client is an ES module. Node 20.19+ `require`s ES modules, which keeps this CommonJS build's
 * decorators and jest's module system as they are; loaded once, on the first single sign-on.
 */
export type OpenId = typeof OpenIdClient;
let loaded: OpenId | null = null;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: an ES module from CommonJS
export const openid = (): OpenId => (loaded ??= require('openid-client') as OpenId);
