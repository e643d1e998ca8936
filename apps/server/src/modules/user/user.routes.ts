import { IdParams, User, UserList, UserListQuery, UserPatchBody, UserPostBody } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';

const tags = ['users'];
const config = { access: 'user.route' as const };

/** Platform user administration: the admin's view of every cabinet's people. */
export async function userRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { users } = services;

  app.get(
    '/api/user',
    {
      config,
      schema: { tags, summary: 'List users', querystring: UserListQuery, response: { 200: UserList } },
    },
    async (request) => users.list(request.query),
  );

  app.get(
    '/api/user/:id',
    { config, schema: { tags, summary: 'One user', params: IdParams, response: { 200: User } } },
    async (request) => users.get(request.params.id),
  );

  app.post(
    '/api/user/post',
    { config, schema: { tags, summary: 'Create a user', body: UserPostBody, response: { 200: User } } },
    async (request) => users.create(request.body),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/user/patch/:id',
    config,
    schema: {
      tags,
      summary: 'Change a user (role, blocked, name, e-mail, password)',
      params: IdParams,
      body: UserPatchBody,
      response: { 200: User },
    },
    handler: async (request) => users.patch(requireCaller(request), request.params.id, request.body),
  });
}
