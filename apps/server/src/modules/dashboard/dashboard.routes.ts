import { dashboardApi } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Spec §7 Dashboard: GET /dashboard (common stats), key of spec §6. */
export async function dashboardRoutes(app: App, { services }: RouteContext): Promise<void> {
  route(app, dashboardApi.get, async (request) =>
    services.dashboard.get(requireCaller(request), request.query.range),
  );
}
