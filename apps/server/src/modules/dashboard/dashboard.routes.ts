import { dashboardApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { DashboardService } from './dashboard.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';
import { dashboardJson } from './dashboard.json.js';

/** Spec §7 Dashboard: GET /dashboard (common stats), key of spec §6. */
export async function dashboardRoutes(
  app: App,
  { dashboards }: { dashboards: DashboardService },
): Promise<void> {
  route(app, dashboardApi.get, async (request, reply) => {
    const dashboard = await dashboards.get(requireCaller(request), request.query.range);
    // Encoded by dashboardJson (its fullness once per view), so sent as the JSON it already is.
    return reply.type('application/json; charset=utf-8').send(dashboardJson(dashboard));
  });
}
