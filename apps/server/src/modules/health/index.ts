import type { Module } from '../../app-types.js';
import type { DatabaseHandle } from '../../db/client.js';
import { healthRoutes } from './health.routes.js';

/** GET /api/health: the process answers, and whether its database does. */
export function createHealthModule(deps: { database: Pick<DatabaseHandle, 'ping'> }): Module<object> {
  return { services: {}, routes: [async (app) => healthRoutes(app, { database: deps.database })] };
}
