import { z } from 'zod';
import type { App, RouteContext } from '../../app-types.js';

const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

export async function healthRoutes(app: App, { database }: RouteContext): Promise<void> {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const up = await database.ping();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
}
