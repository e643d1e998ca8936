import { healthApi } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { route } from '../../lib/route.js';

export async function healthRoutes(app: App, { database }: RouteContext): Promise<void> {
  route(app, healthApi.health, async (_request, reply) => {
    const up = await database.ping();
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
  });
}
