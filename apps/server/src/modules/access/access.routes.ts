import { accessApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { AccessService } from './access.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';
import { clientMeta } from '../auth/auth.routes.js';

/** Shared access and switching cabinets (spec §7 share-access): thin, the rules are AccessService's. */
export async function accessRoutes(
  app: App,
  { access, auth }: { access: AccessService; auth: AuthService },
): Promise<void> {
  route(app, accessApi.shareAccess, async (request) => access.share(requireCaller(request), request.body));

  route(app, accessApi.list, async (request) => ({ items: await access.list(requireCaller(request)) }));

  route(app, accessApi.remove, async (request) => {
    await access.remove(requireCaller(request), request.params.id);
    return { ok: true as const };
  });

  route(app, accessApi.cabinets, async (request) => access.cabinets(requireCaller(request)));

  route(app, accessApi.switchCabinet, async (request) =>
    auth.switchCabinet(requireCaller(request), request.body.cabinetId, clientMeta(request)),
  );
}
