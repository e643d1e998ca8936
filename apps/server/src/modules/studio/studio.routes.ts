import { creationApi, widgetApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { StudioService } from './studio.service.js';
import type { StudioKind } from '../../db/schema.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Widgets and creations (spec §7 Widget, Media creation). */
export async function studioRoutes(app: App, { studio }: { studio: StudioService }): Promise<void> {
  // The lists answer under the spec's own key for each kind.
  route(app, widgetApi.list, async (request) => {
    const { items, total } = await studio.list(requireCaller(request), 'widget', request.query);
    return { widgets: items, total };
  });
  route(app, creationApi.list, async (request) => {
    const { items, total } = await studio.list(requireCaller(request), 'creation', request.query);
    return { creations: items, total };
  });

  // Every other call is the same for both kinds.
  const calls = (kind: StudioKind, api: typeof widgetApi | typeof creationApi) => {
    route(app, api.get, async (request) => studio.get(requireCaller(request), kind, request.params.id));
    route(app, api.post, async (request) => studio.create(requireCaller(request), kind, request.body));
    route(app, api.patch, async (request) =>
      studio.patch(requireCaller(request), kind, request.params.id, request.body, request.query.revision),
    );
    route(app, api.remove, async (request) =>
      studio.remove(requireCaller(request), kind, [request.params.id]),
    );
    route(app, api.removeMany, async (request) =>
      studio.remove(requireCaller(request), kind, request.body.ids),
    );
  };
  calls('widget', widgetApi);
  calls('creation', creationApi);
}
