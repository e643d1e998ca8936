import { creationApi, widgetApi } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Widgets and creations (spec §7 Widget, Media creation). */
export async function studioRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { studio } = services;

  route(app, widgetApi.list, async (request) => {
    const { items, total } = await studio.list(requireCaller(request), 'widget', request.query);
    return { widgets: items, total };
  });
  route(app, widgetApi.get, async (request) =>
    studio.get(requireCaller(request), 'widget', request.params.id),
  );
  route(app, widgetApi.post, async (request) =>
    studio.create(requireCaller(request), 'widget', request.body),
  );
  route(app, widgetApi.patch, async (request) =>
    studio.patch(requireCaller(request), 'widget', request.params.id, request.body, request.query.revision),
  );
  route(app, widgetApi.remove, async (request) =>
    studio.remove(requireCaller(request), 'widget', [request.params.id]),
  );
  route(app, widgetApi.removeMany, async (request) =>
    studio.remove(requireCaller(request), 'widget', request.body.ids),
  );

  route(app, creationApi.list, async (request) => {
    const { items, total } = await studio.list(requireCaller(request), 'creation', request.query);
    return { creations: items, total };
  });
  route(app, creationApi.get, async (request) =>
    studio.get(requireCaller(request), 'creation', request.params.id),
  );
  route(app, creationApi.post, async (request) =>
    studio.create(requireCaller(request), 'creation', request.body),
  );
  route(app, creationApi.patch, async (request) =>
    studio.patch(requireCaller(request), 'creation', request.params.id, request.body, request.query.revision),
  );
  route(app, creationApi.remove, async (request) =>
    studio.remove(requireCaller(request), 'creation', [request.params.id]),
  );
  route(app, creationApi.removeMany, async (request) =>
    studio.remove(requireCaller(request), 'creation', request.body.ids),
  );
}
