import { healthApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { DatabaseHandle } from '../../db/client.js';
import { route } from '../../lib/route.js';

export async function healthRoutes(
  app: App,
  { database }: { database: Pick<DatabaseHandle, 'ping'> },
): Promise<void> {
  route(app, healthApi.health, async (_request, reply) => {
    const up = await database.ping();
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
  });
}
