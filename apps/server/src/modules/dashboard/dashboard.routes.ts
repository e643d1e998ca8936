import { Dashboard, DashboardQuery } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';

/** Spec §7 Dashboard: GET /dashboard (common stats), key of spec §6. */
export async function dashboardRoutes(app: App, { services }: RouteContext): Promise<void> {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'dashboard.route' },
      schema: {
        tags: ['dashboard'],
        summary: 'Space, screens, playlists and broadcast fullness per screen for a date-range preset',
        querystring: DashboardQuery,
        response: { 200: Dashboard },
      },
    },
    async (request) => services.dashboard.get(requireCaller(request), request.query.range),
  );
}
