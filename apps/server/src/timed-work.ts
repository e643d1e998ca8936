import type { FastifyBaseLogger } from 'fastify';
import type { Services } from './app.js';
import type { Config } from './config.js';
import type { Repositories } from './db/repositories.js';
import { repeat } from './lib/repeat.js';
import { repeatOnce } from './lib/timed-jobs.js';

/** How often finished exports past their retention are looked for. */
const EXPORT_CLEANUP_MS = 15 * 60_000;
const TRACKER_POLL_MS = 5_000;
/** How often expired counters and leftovers are swept. */
const MAINTENANCE_MS = 60 * 60_000;

interface TimedWork {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  failed: string;
}

interface TimedWorkDeps {
  config: Config;
  services: Services;
  repos: Repositories;
  log: FastifyBaseLogger;
  maintain: () => Promise<Record<string, number>>;
}

/** The jobs every installation runs. */
function steadyJobs(deps: TimedWorkDeps): TimedWork[] {
  const { config, services, log } = deps;
  return [
    {
      // Playlists past their end get their DETACH or DELETE action.
      name: 'playlist-end-actions',
      everyMs: config.playlistEndCheckSeconds * 1000,
      run: async () => {
        const done = await services.playlists.runEndActions();
        if (done.detached || done.deleted) log.info(done, 'playlists past their end: actions run');
      },
      failed: 'playlist end actions failed',
    },
    {
      // Background exports are kept EXPORT_RETENTION_HOURS after they finish, then their files and rows go.
      name: 'export-cleanup',
      everyMs: EXPORT_CLEANUP_MS,
      run: async () => {
        const removed = await services.statistics.removeExpiredExports();
        if (removed) log.info({ removed }, 'expired statistics exports removed');
      },
      failed: 'removing expired exports failed',
    },
    {
      // Broadcast fullness of screens whose content changed (or whose days ran out), planned before
      // anyone opens the dashboard: one plan for the fleet, stored for every process to read.
      name: 'fullness-sweep',
      everyMs: config.fullness.sweepSeconds * 1000,
      run: async () => {
        const stale = await services.fullness.sweep();
        if (stale) log.info({ stale }, 'broadcast fullness planned');
      },
      failed: 'planning broadcast fullness failed',
    },
    {
      // At start and hourly: expired failure counters, quota holds and unfinished resumable uploads, and
      // temporary files that interrupted uploads left behind.
      name: 'maintenance',
      everyMs: MAINTENANCE_MS,
      run: async () => {
        const swept = await deps.maintain();
        if (Object.values(swept).some((n) => n > 0)) log.info(swept, 'expired leftovers removed');
      },
      failed: 'maintenance failed',
    },
  ];
}

/** The jobs a setting may turn off (its seconds at 0). */
function optionalJobs(deps: TimedWorkDeps): TimedWork[] {
  const { config, services, log } = deps;
  const jobs: TimedWork[] = [];
  if (config.sspRoundSeconds > 0) {
    // The SSP connector's ad round (docs/ssp.md): ads for the coming slots, and ads past their time released.
    jobs.push({
      name: 'ssp-round',
      everyMs: config.sspRoundSeconds * 1000,
      run: async () => {
        const released = await services.ads.releaseExpired();
        const round = await services.ads.runRound();
        if (round.slots || released) log.info({ ...round, released }, 'SSP ad round');
      },
      failed: 'SSP ad round failed',
    });
  }
  if (config.billing.chargeCheckSeconds > 0) {
    // The daily charge (docs/billing.md): each screen-day is keyed, so a day is charged once even so.
    jobs.push({
      name: 'billing-charge',
      everyMs: config.billing.chargeCheckSeconds * 1000,
      run: async () => {
        const charged = await services.billing.charges.chargeAll();
        if (charged) log.info({ charged }, 'billing: screen-days charged');
      },
      failed: 'billing: the daily charge failed',
    });
  }
  if (config.alerts.checkSeconds > 0) {
    // Screens gone and back, playlists ending: each alert is also claimed by a conditional update.
    jobs.push({
      name: 'alerts',
      everyMs: config.alerts.checkSeconds * 1000,
      run: async () => {
        await services.alerts.checkPresence();
        await services.alerts.checkPlaylists();
      },
      failed: 'presence and playlist alerts failed',
    });
  }
  return jobs;
}

/**
 * The server's timed work. Each job is done once per installation (`repeatOnce`: the process that claims
 * the due run does it), so a second process adds a stand-in, not a second fleet plan, sweep or ad round.
 * Tracker deliveries are the exception: each process takes due deliveries one by one (each claimed in the
 * database), so more processes deliver more. Answers a function that stops everything (and waits).
 */
export function startTimedWork(deps: TimedWorkDeps): () => Promise<void> {
  const { services, log } = deps;
  const jobs = [...steadyJobs(deps), ...optionalJobs(deps)];
  const stops = jobs.map((job) =>
    repeatOnce(deps.repos.timedJobs, job.name, job.everyMs, job.run, (error) =>
      log.warn({ err: error }, job.failed),
    ),
  );
  // Tracking pixels the stored shows owe, sent when due (retried with backoff): capacity, on every process.
  stops.push(
    repeat(
      TRACKER_POLL_MS,
      async () => {
        const sent = await services.trackers.deliverDue();
        if (sent.failed) log.info(sent, 'tracking pixels: some given up');
      },
      (error) => log.warn({ err: error }, 'tracking pixel delivery failed'),
    ),
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
