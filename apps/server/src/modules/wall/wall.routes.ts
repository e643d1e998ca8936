import { wallApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { WallService } from './wall.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Spec §7 Wall calls: { items, total } 25 a page, one wall, post, patch and remove; a wall's status and day. */
export async function wallRoutes(app: App, { walls }: { walls: WallService }): Promise<void> {
  route(app, wallApi.list, async (request) => walls.list(requireCaller(request), request.query));

  route(app, wallApi.get, async (request) => walls.get(requireCaller(request), request.params.id));

  route(app, wallApi.status, async (request) => walls.status(requireCaller(request), request.params.id));

  route(app, wallApi.schedule, async (request) =>
    walls.schedule(requireCaller(request), request.params.id, request.query.date),
  );

  route(app, wallApi.post, async (request) => walls.create(requireCaller(request), request.body));

  route(app, wallApi.patch, async (request) =>
    walls.patch(requireCaller(request), request.params.id, request.body),
  );

  route(app, wallApi.remove, async (request) => {
    await walls.remove(requireCaller(request), request.params.id);
    return { ok: true as const };
  });
}
