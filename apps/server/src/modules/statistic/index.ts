import type { Log, Module } from '../../app-types.js';
import type { DatabaseHandle } from '../../db/client.js';
import { InProcessExportQueue, PgBossExportQueue, type ExportQueue } from './export-queue.js';
import { statisticRoutes } from './statistic.routes.js';
import { StatisticService, type StatisticServiceDeps } from './statistic.service.js';

export interface StatisticModuleDeps extends Omit<StatisticServiceDeps, 'queue' | 'log'> {
  /** The database pg-boss keeps its queue in. */
  database: DatabaseHandle;
  log: Log;
  /** Registers what is stopped when the server closes (the export queue). */
  onClose: (stop: () => Promise<unknown>) => void;
}

/**
 * Statistics and its export queue: pg-boss in this database (PostgreSQL or PGlite); should it fail to
 * start, exports run in this process instead (logged), and jobs a stopped process left are marked failed.
 */
export async function createStatisticModule(deps: StatisticModuleDeps) {
  const { database, onClose, ...service } = deps;
  const { log } = deps;
  let queue: ExportQueue = new PgBossExportQueue(database, log);
  const make = (q: ExportQueue) => new StatisticService({ ...service, queue: q });
  let statistics = make(queue);
  try {
    await queue.start((id) => statistics.runJob(id));
  } catch (error) {
    log('pg-boss could not start: statistics exports run in this process', error);
    queue = new InProcessExportQueue();
    statistics = make(queue);
    await statistics.failAbandoned();
    await queue.start((id) => statistics.runJob(id));
  }
  onClose(async () => queue.stop());
  return {
    services: { statistics },
    routes: [async (app) => statisticRoutes(app, { statistics })],
  } satisfies Module<object>;
}
