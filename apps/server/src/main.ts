import { loadConfig, configWarnings } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { createTransact } from './db/repositories.js';
import { lockDataDir } from './lib/data-dir-lock.js';
import { PasswordHasher } from './lib/password.js';
import { ensurePlatformAdmin } from './modules/system/bootstrap.service.js';
import { ensureStockLibrary } from './modules/media/stock.js';
import { checkSharedFiles } from './modules/system/storage-identity.js';
import { listenForBackups } from './modules/system/control-socket.js';
import { startReport } from './start-report.js';
import { startTimedWork } from './timed-work.js';
import { processIndex, reportsStart, supervised, superviseProcesses, supervises } from './processes.js';

/** Connections the kernel may queue before the server takes them (net.core.somaxconn caps it; docs/deploying.md). */
const LISTEN_BACKLOG = 4096;

const say = (line: string) => process.stdout.write(`${line}\n`);
/** Printed loudly: a misconfiguration that loses files or mail, framed so nobody misses it in a log. */
const warn = (text: string) =>
  process.stderr.write(`\n!!! WARNING\n!!! ${text.split('\n').join('\n!!! ')}\n\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  // Warnings once per start: by the supervisor of several processes, or by a process alone.
  if (!supervised()) for (const warning of configWarnings(config)) warn(warning);
  if (supervises(config.processes)) {
    superviseProcesses({ processes: config.processes, port: config.port, say });
    return;
  }
  // The embedded database serves one process: a second one on this DATA_DIR is refused.
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  if (lock?.tookOver) {
    say(
      `DATA_DIR's lock was left by process ${lock.tookOver.pid} (gone, started ${lock.tookOver.startedAt})`,
    );
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: config.databaseUrl, log: say }
      : { driver: 'pglite', dataDir: `${config.dataDir}/db`, log: say },
  );
  // What every process sets up at start (the admin, seeds, settings, pg-boss's schema, the files' ids) is
  // done by one process at a time: any number of them may start together on an empty database.
  const { admin, app, services, repos, maintain, sharing } = await database.exclusive(async () => {
    const admin = await ensurePlatformAdmin(
      createTransact(database.db),
      new PasswordHasher(config.passwordCost),
      config.admin,
    );
    const built = await buildApp({ config, database });
    const sharing = await checkSharedFiles({
      storage: built.storage,
      s3: Boolean(config.s3),
      dataDir: config.dataDir,
      settings: built.repos.settings,
      shared: database.driver === 'pg',
    });
    return { admin, ...built, sharing };
  });
  for (const warning of sharing) warn(warning);

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

  const stopWork = startTimedWork({ config, services, repos, log: app.log, maintain });
  // The embedded database's backup door (npm run backup while the server runs).
  const stopBackups = database.dump
    ? await listenForBackups(config.dataDir, database.dump, (message, error) =>
        app.log.warn({ err: error }, message),
      )
    : async () => undefined;

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    // Once: a terminal's Ctrl-C reaches a supervised process twice (its own, and the supervisor's SIGTERM).
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    // Timers stop at once; a run in progress finishes (a fullness run ends when closing the app stops
    // its worker threads).
    const workStopped = stopWork();
    await stopBackups();
    await app.close();
    await workStopped;
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // A fleet reconnecting at once (a restart, a network back) sends thousands of connections in a burst:
  // Node's default queue of 511 waiting connections drops the rest. The kernel caps it at somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // The start-up lines once: a supervised process other than the first says only that it listens.
  say(
    reportsStart()
      ? await startReport({ config, database, admin, billing: services.billing.tariffs })
      : `server process ${processIndex()} (pid ${process.pid}) is listening`,
  );

  // The stock library is made once, after start, so it never delays the first request (and by one
  // process at a time, so processes starting together make it once).
  database
    .exclusive(() => ensureStockLibrary(services.media, repos))
    .then((made) => made && app.log.info(`stock library: ${made} sample files made`))
    .catch((error: unknown) => app.log.warn({ err: error }, 'stock library could not be made'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Vitrine could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
