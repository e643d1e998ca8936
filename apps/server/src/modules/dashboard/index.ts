import type { Module } from '../../app-types.js';
import type { Config } from '../../config.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { DashboardService, type DashboardServiceDeps } from './dashboard.service.js';
import { FullnessService, fullnessPool, type FullnessServiceDeps } from './fullness.service.js';

export interface DashboardModuleDeps
  extends Omit<DashboardServiceDeps, 'fullness'>, Pick<FullnessServiceDeps, 'sync' | 'onShortfall' | 'log'> {
  repos: DashboardServiceDeps['repos'] & FullnessServiceDeps['repos'];
  config: Pick<Config, 'fullness'>;
  /** Registers what is stopped when the server closes (the planning threads). */
  onClose: (stop: () => Promise<unknown>) => void;
}

/** The cabinet at a glance, and broadcast fullness planned in worker threads. */
export function createDashboardModule(deps: DashboardModuleDeps) {
  const { repos, sync, onShortfall, log, config, onClose, ...board } = deps;
  const pool = fullnessPool(config.fullness.workers);
  onClose(async () => pool.close());
  const fullness = new FullnessService({
    repos,
    sync,
    pool,
    waitMs: config.fullness.waitMs,
    ...(onShortfall ? { onShortfall } : {}),
    ...(log ? { log } : {}),
  });
  const dashboard = new DashboardService({ repos, fullness, ...board });
  return {
    services: { dashboard, fullness },
    routes: [async (app) => dashboardRoutes(app, { dashboards: dashboard })],
  } satisfies Module<object>;
}
