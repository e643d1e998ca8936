import { netApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { NetService } from './net.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Spec §7 Net calls: { nets, total }; a post body names its screens. */
export async function netRoutes(app: App, { nets }: { nets: NetService }): Promise<void> {
  route(app, netApi.list, async (request) => nets.list(requireCaller(request), request.query));

  route(app, netApi.post, async (request) => nets.create(requireCaller(request), request.body));

  route(app, netApi.patch, async (request) =>
    nets.patch(requireCaller(request), request.params.id, request.body),
  );

  route(app, netApi.remove, async (request) => {
    await nets.remove(requireCaller(request), request.params.id);
    return { ok: true as const };
  });
}
