import { DailySchedule, DailyScheduleQuery } from '../schemas/schedule.js';
import { defineRoute, defineRoutes } from './route.js';

/** The schedule routes (spec §7): path, method, access key, input and answer. */
export const scheduleApi = defineRoutes({
  daily: defineRoute({
    method: 'GET',
    path: '/api/point/get-daily-schedule',
    access: 'point.schedule',
    summary: "A screen's day: the table by files, the timeline and what could not be planned",
    tags: ['point'],
    query: DailyScheduleQuery,
    response: DailySchedule,
  }),
});
