import { OkResponse } from '../schemas/common.js';
import { OidcCallbackBody, OidcIdentity, OidcProvider, OidcResult, OidcStart } from '../security/oidc.js';
import { defineRoute, defineRoutes } from './route.js';

/** External sign-in (spec §7: the external code sign-in). */
export const oidcApi = defineRoutes({
  provider: defineRoute({
    method: 'GET',
    path: '/api/user/oidc/provider',
    access: 'public',
    summary: 'The configured OpenID provider, if any',
    tags: ['session'],
    response: OidcProvider,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/user/oidc/start',
    access: 'public',
    summary: "Start an external sign-in: the provider's authorization address",
    tags: ['session'],
    response: OidcStart,
  }),
  link: defineRoute({
    method: 'POST',
    path: '/api/user/oidc/link',
    access: 'account.security',
    summary: 'Start linking my account to the OpenID provider',
    tags: ['security'],
    response: OidcStart,
  }),
  identity: defineRoute({
    method: 'GET',
    path: '/api/user/oidc/identity',
    access: 'account.security',
    summary: 'Whether my account is linked to the OpenID provider',
    tags: ['security'],
    response: OidcIdentity,
  }),
  unlink: defineRoute({
    method: 'POST',
    path: '/api/user/oidc/unlink',
    access: 'account.security',
    summary: 'Unlink my account from the OpenID provider (the password still signs in)',
    tags: ['security'],
    response: OkResponse,
  }),
  callback: defineRoute({
    method: 'POST',
    path: '/api/user/oidc/callback',
    access: 'public',
    summary: 'Finish an external sign-in with the code the provider returned',
    tags: ['session'],
    body: OidcCallbackBody,
    response: OidcResult,
  }),
});
