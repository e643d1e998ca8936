import {
  Account,
  CreatedApiToken,
  IdParams,
  OkResponse,
  PatchAccountBody,
  PatchPasswordBody,
  PostTokenBody,
  TokenPair,
} from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';
import { clientMeta } from '../auth/auth.routes.js';

const tags = ['account'];
const config = { access: 'account.route' as const };

export async function accountRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { account } = services;

  app.get(
    '/api/user/account',
    {
      config,
      schema: { tags, summary: 'My account, cabinet and personal tokens', response: { 200: Account } },
    },
    async (request) => account.get(requireCaller(request)),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/user/patch-account',
    config,
    schema: { tags, summary: 'Change my personal data', body: PatchAccountBody, response: { 200: Account } },
    handler: async (request) => account.patch(requireCaller(request), request.body),
  });

  app.post(
    '/api/user/patch-password',
    {
      config,
      schema: {
        tags,
        summary: 'Change my password; other sessions end',
        body: PatchPasswordBody,
        response: { 200: TokenPair },
      },
    },
    async (request) => account.patchPassword(requireCaller(request), request.body, clientMeta(request)),
  );

  app.post(
    '/api/user/post-token',
    {
      config,
      schema: {
        tags,
        summary: 'Create a personal API token (shown once)',
        body: PostTokenBody,
        response: { 200: CreatedApiToken },
      },
    },
    async (request) => account.createToken(requireCaller(request), request.body.name),
  );

  app.post(
    '/api/user/remove-token/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a personal API token',
        params: IdParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await account.removeToken(requireCaller(request), request.params.id);
      return { ok: true as const };
    },
  );
}
