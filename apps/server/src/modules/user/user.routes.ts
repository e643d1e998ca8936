import { userApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { UserService } from './user.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Platform user administration: the admin's view of every cabinet's people. */
export async function userRoutes(app: App, { users }: { users: UserService }): Promise<void> {
  route(app, userApi.list, async (request) => users.list(request.query));

  route(app, userApi.get, async (request) => users.get(request.params.id));

  route(app, userApi.post, async (request) => users.create(request.body));

  route(app, userApi.patch, async (request) =>
    users.patch(requireCaller(request), request.params.id, request.body),
  );
}
