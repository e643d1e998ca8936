import { IdParams, OkResponse } from '../schemas/common.js';
import {
  Account,
  CreatedApiToken,
  PatchAccountBody,
  PatchPasswordBody,
  PostTokenBody,
  TokenPair,
} from '../schemas/user.js';
import { defineRoute, defineRoutes } from './route.js';

/** The account routes (spec §7): path, method, access key, input and answer. */
export const accountApi = defineRoutes({
  get: defineRoute({
    method: 'GET',
    path: '/api/user/account',
    access: 'account.route',
    summary: 'My account, cabinet and personal tokens',
    tags: ['account'],
    response: Account,
  }),
  patch: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/user/patch-account',
    access: 'account.route',
    summary: 'Change my personal data',
    tags: ['account'],
    body: PatchAccountBody,
    response: Account,
  }),
  patchPassword: defineRoute({
    method: 'POST',
    path: '/api/user/patch-password',
    access: 'account.security',
    summary: 'Change my password; other sessions end',
    tags: ['account'],
    body: PatchPasswordBody,
    response: TokenPair,
  }),
  postToken: defineRoute({
    method: 'POST',
    path: '/api/user/post-token',
    access: 'account.route',
    summary: 'Create a personal API token (shown once)',
    tags: ['account'],
    // Revoking stays open: only a new token needs a tariff with API tokens.
    billing: { feature: 'apiTokens' },
    body: PostTokenBody,
    response: CreatedApiToken,
  }),
  removeToken: defineRoute({
    method: 'POST',
    path: '/api/user/remove-token/:id',
    access: 'account.route',
    summary: 'Revoke a personal API token',
    tags: ['account'],
    params: IdParams,
    response: OkResponse,
  }),
});
