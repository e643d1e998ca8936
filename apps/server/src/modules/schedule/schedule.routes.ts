import { scheduleApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { ScheduleService } from './schedule.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** Spec §7 Point get-daily-schedule; key of spec §6 (point schedule). */
export async function scheduleRoutes(app: App, services: { schedule: ScheduleService }): Promise<void> {
  route(app, scheduleApi.daily, async (request) =>
    services.schedule.daily(requireCaller(request), request.query.id, request.query.date),
  );
}
