import { accountApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { AccountService } from './account.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';
import { clientMeta } from '../auth/auth.routes.js';

export async function accountRoutes(app: App, { account }: { account: AccountService }): Promise<void> {
  route(app, accountApi.get, async (request) => account.get(requireCaller(request)));

  route(app, accountApi.patch, async (request) => account.patch(requireCaller(request), request.body));

  route(app, accountApi.patchPassword, async (request) =>
    account.patchPassword(requireCaller(request), request.body, clientMeta(request)),
  );

  route(app, accountApi.postToken, async (request) =>
    account.createToken(requireCaller(request), request.body.name),
  );

  route(app, accountApi.removeToken, async (request) => {
    await account.removeToken(requireCaller(request), request.params.id);
    return { ok: true as const };
  });
}
