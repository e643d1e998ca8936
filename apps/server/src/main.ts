import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { createTransact } from './db/repositories.js';
import { PasswordHasher } from './lib/password.js';
import { ensurePlatformAdmin } from './modules/system/bootstrap.service.js';
import { ensureStockLibrary } from './modules/media/stock.js';
import { repeat } from './lib/repeat.js';

/** How often finished exports past their retention are looked for. */
const EXPORT_CLEANUP_MS = 15 * 60_000;
const TRACKER_POLL_MS = 5_000;
/** How often expired counters and leftovers are swept. */
const MAINTENANCE_MS = 60 * 60_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: `${config.dataDir}/db` },
  );
  const admin = await ensurePlatformAdmin(
    createTransact(database.db),
    new PasswordHasher(config.passwordCost),
    config.admin,
  );
  const { app, services, context, maintain } = await buildApp({ config, database });

  // A promise nobody awaited must not end the server for everyone: it is logged with its cause, and the
  // server keeps serving. (Every socket message, job and timer catches its own failures; this is the net
  // under them.) An uncaught exception leaves state unknown, so it is logged and the process exits.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection: the server keeps serving');
  });
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception: the server stops');
    process.exit(1);
  });

  // Playlists past their end get their DETACH or DELETE action (one process at a time, each once).
  const stopEndActions = repeat(
    config.playlistEndCheckSeconds * 1000,
    async () => {
      const done = await services.playlists.runEndActions();
      if (done.detached || done.deleted) app.log.info(done, 'playlists past their end: actions run');
    },
    (error) => app.log.warn({ err: error }, 'playlist end actions failed'),
  );

  // Tracking pixels the stored shows owe, sent when due (retried with backoff, on any process).
  const stopTrackers = repeat(
    TRACKER_POLL_MS,
    async () => {
      const sent = await services.trackers.deliverDue();
      if (sent.failed) app.log.info(sent, 'tracking pixels: some given up');
    },
    (error) => app.log.warn({ err: error }, 'tracking pixel delivery failed'),
  );

  // The SSP connector's ad round (docs/ssp.md): ads for the coming slots, and ads past their time released.
  // Any process may run it: a slot takes one ad (unique per screen and slot), whichever round wins it.
  const stopAds =
    config.sspRoundSeconds > 0
      ? repeat(
          config.sspRoundSeconds * 1000,
          async () => {
            const released = await services.ads.releaseExpired();
            const round = await services.ads.runRound();
            if (round.slots || released) app.log.info({ ...round, released }, 'SSP ad round');
          },
          (error) => app.log.warn({ err: error }, 'SSP ad round failed'),
        )
      : async () => undefined;

  // Background exports are kept EXPORT_RETENTION_HOURS after they finish, then their files and rows go.
  const stopExportCleanup = repeat(
    EXPORT_CLEANUP_MS,
    async () => {
      const removed = await services.statistics.removeExpiredExports();
      if (removed) app.log.info({ removed }, 'expired statistics exports removed');
    },
    (error) => app.log.warn({ err: error }, 'removing expired exports failed'),
  );

  // Broadcast fullness of screens whose content changed (or whose days ran out), planned before anyone
  // opens the dashboard.
  const stopFullness = repeat(
    config.fullness.sweepSeconds * 1000,
    async () => {
      const stale = await services.fullness.sweep();
      if (stale) app.log.info({ stale }, 'broadcast fullness planned');
    },
    (error) => app.log.warn({ err: error }, 'planning broadcast fullness failed'),
  );

  // Once at start and hourly: expired failure counters, quota holds and unfinished resumable uploads,
  // and temporary files that interrupted uploads left behind.
  const stopSweep = repeat(
    MAINTENANCE_MS,
    async () => {
      const swept = await maintain();
      if (Object.values(swept).some((n) => n > 0)) app.log.info(swept, 'expired leftovers removed');
    },
    (error) => app.log.warn({ err: error }, 'maintenance failed'),
  );

  // The daily charge (docs/billing.md): each screen-day is keyed, so looking every hour (and on every
  // process) charges each day once, early in the day, and again only what a crash left.
  const stopCharges =
    config.billing.chargeCheckSeconds > 0
      ? repeat(
          config.billing.chargeCheckSeconds * 1000,
          async () => {
            const charged = await services.billing.chargeAll();
            if (charged) app.log.info({ charged }, 'billing: screen-days charged');
          },
          (error) => app.log.warn({ err: error }, 'billing: the daily charge failed'),
        )
      : async () => undefined;

  const shutdown = async (signal: string): Promise<void> => {
    app.log.info(`${signal}: shutting down`);
    await stopEndActions();
    await stopAds();
    await stopExportCleanup();
    await stopTrackers();
    await stopSweep();
    await stopCharges();
    // A fullness run in progress ends when closing the app stops its worker threads.
    const fullnessStopped = stopFullness();
    await app.close();
    await fullnessStopped;
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  const lines = [
    '',
    `Vitrine is running at ${url}`,
    `Database: ${database.driver === 'pg' ? 'PostgreSQL' : `embedded (PGlite) in ${config.dataDir}/db`}`,
    `API documentation: ${url}/api/docs`,
  ];
  if (admin.generatedPassword) {
    lines.push(`Sign in as '${admin.login}' with the password ${admin.generatedPassword}`);
    lines.push('This password is shown once. Set ADMIN_PASSWORD and restart to choose another.');
  } else if (admin.passwordUpdated || admin.created) {
    lines.push(`Sign in as '${admin.login}' with the password from ADMIN_PASSWORD.`);
  } else {
    lines.push(
      `Sign in as '${admin.login}'. Forgot the password? Restart with ADMIN_PASSWORD=... to set a new one.`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  // The stock library is made once, after start, so it never delays the first request.
  ensureStockLibrary(services.media, context.repos)
    .then((made) => made && app.log.info(`stock library: ${made} sample files made`))
    .catch((error: unknown) => app.log.warn({ err: error }, 'stock library could not be made'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Vitrine could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
