import { Dashboard, DashboardQuery } from '../schemas/schedule.js';
import { defineRoute, defineRoutes } from './route.js';

/** The dashboard routes (spec §7): path, method, access key, input and answer. */
export const dashboardApi = defineRoutes({
  get: defineRoute({
    method: 'GET',
    path: '/api/dashboard',
    access: 'dashboard.route',
    summary: 'Space, screens, playlists and broadcast fullness per screen for a date-range preset',
    tags: ['dashboard'],
    query: DashboardQuery,
    response: Dashboard,
  }),
});
