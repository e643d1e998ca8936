import { z } from 'zod';
import { defineRoute, defineRoutes } from './route.js';

/** What GET /api/health answers: 200 when the database answers, 503 when it does not. */
export const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** The health routes (spec §7): path, method, access key, input and answer. */
export const healthApi = defineRoutes({
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Whether the server and its database answer',
    tags: ['system'],
    response: Health,
    responses: { 503: Health },
  }),
});
