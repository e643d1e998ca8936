import { DailySchedule, DailyScheduleQuery } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';

/** Spec §7 Point get-daily-schedule; key of spec §6 (point schedule). */
export async function scheduleRoutes(app: App, { services }: RouteContext): Promise<void> {
  app.get(
    '/api/point/get-daily-schedule',
    {
      config: { access: 'point.schedule' },
      schema: {
        tags: ['point'],
        summary: "A screen's day: the table by files, the timeline and what could not be planned",
        querystring: DailyScheduleQuery,
        response: { 200: DailySchedule },
      },
    },
    async (request) => services.schedule.daily(requireCaller(request), request.query.id, request.query.date),
  );
}
