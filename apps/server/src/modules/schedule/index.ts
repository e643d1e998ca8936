import type { Module } from '../../app-types.js';
import { scheduleRoutes } from './schedule.routes.js';
import { ScheduleService, type ScheduleServiceDeps } from './schedule.service.js';

/** What each screen plays, day by day: the schedule the manifests and the daily view are built from. */
export function createScheduleModule(deps: ScheduleServiceDeps) {
  const schedule = new ScheduleService(deps);
  return {
    services: { schedule },
    routes: [async (app) => scheduleRoutes(app, { schedule })],
  } satisfies Module<object>;
}
