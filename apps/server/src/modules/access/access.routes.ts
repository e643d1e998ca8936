import { accessApi } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';
import { clientMeta } from '../auth/auth.routes.js';

/** Shared access and switching cabinets (spec §7 share-access): thin, the rules are AccessService's. */
export async function accessRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { access, auth } = services;

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
