import type { Module } from '../../app-types.js';
import { pluginRoutes } from './plugin.routes.js';
import { PluginService, type PluginServiceDeps } from './plugin.service.js';

/** Plugins: uploaded widget packages, their instances and feeds. */
export function createPluginModule(deps: PluginServiceDeps) {
  const plugins = new PluginService(deps);
  return {
    services: { plugins },
    routes: [async (app) => pluginRoutes(app, { plugins })],
  } satisfies Module<object>;
}
