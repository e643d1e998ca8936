import cluster, { type Worker } from 'node:cluster';

/** The variable a server process started by the supervisor reads its number from (0, 1, ...). */
const INDEX_VARIABLE = 'VITRINE_PROCESS_INDEX';
/** Set for the one process that prints the start-up lines (the first, at the first start). */
const REPORT_VARIABLE = 'VITRINE_PROCESS_REPORTS';
/** A process that ended after it served is started again after this long, doubling while it fails. */
const RESTART_DELAY_MS = 1000;
const RESTART_DELAY_MAX_MS = 30_000;
/** Processes still running this long after the stop was asked are killed. */
const STOP_GRACE_MS = 60_000;

/** This process's number among the server processes of one PROCESSES start; 0 when started alone. */
export function processIndex(): number {
  return cluster.isWorker ? Number(process.env[INDEX_VARIABLE] ?? 0) : 0;
}

/** True where the start-up lines are printed: a server alone, or the first of several at their start. */
export function reportsStart(): boolean {
  return !cluster.isWorker || process.env[REPORT_VARIABLE] === '1';
}

/** True in a server process started by a supervisor (PROCESSES > 1). */
export function supervised(): boolean {
  return cluster.isWorker;
}

/** True in the process that supervises the server processes of a PROCESSES start (it serves nothing). */
export function supervises(processes: number): boolean {
  return processes > 1 && cluster.isPrimary;
}

/**
 * PROCESSES=N (N > 1): this process starts N server processes on the same port and keeps them running.
 * Node's cluster module takes each new connection here and hands it to the processes in turn (round
 * robin), so one machine's cores all serve, each process within its own limit of open files. What the
 * processes share (commands to screens, device tokens, rate limits, timed work) they share through
 * PostgreSQL, as separate processes behind a proxy do (docs/deploying.md).
 *
 * A process that ends is started again (after 1 s, doubling to 30 s while its replacements end before
 * they listen: the database away, say). At the first start, one that ends before it ever listened (a
 * setting, the database unreachable) stops the start: every process is stopped and this one exits 1,
 * rather than start the failure again forever. SIGINT or SIGTERM here is passed to every process as
 * SIGTERM (each stops as a single server does), and this one exits once they have.
 */
export function superviseProcesses(options: {
  processes: number;
  port: number;
  say: (line: string) => void;
}): void {
  const { processes, port, say } = options;
  const listening = new Set<Worker>();
  const live = new Set<Worker>();
  /** Per process number: the wait before its next start (reset once one listens). */
  const delays = new Map<number, number>();
  let started = false;
  let stopping = false;
  let failed = false;

  const start = (index: number): void => {
    const worker = cluster.fork({
      [INDEX_VARIABLE]: String(index),
      [REPORT_VARIABLE]: !started && index === 0 ? '1' : '',
    });
    live.add(worker);
    worker.once('listening', () => {
      listening.add(worker);
      delays.set(index, RESTART_DELAY_MS);
      if (listening.size === processes && !started) {
        started = true;
        say(`${processes} server processes share port ${port} (PROCESSES=${processes})`);
      }
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      const served = listening.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(failed ? 1 : 0);
        return;
      }
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!served && !started) {
        say(`server process ${index} ended before it listened (${how}): stopping`);
        failed = true;
        stop();
        return;
      }
      const delay = delays.get(index) ?? RESTART_DELAY_MS;
      if (!served) delays.set(index, Math.min(delay * 2, RESTART_DELAY_MAX_MS));
      say(`server process ${index} (pid ${worker.process.pid}) ended (${how}): another in ${delay / 1000} s`);
      setTimeout(() => !stopping && start(index), delay);
    });
  };

  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    if (live.size === 0) process.exit(failed ? 1 : 0);
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  };

  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let index = 0; index < processes; index += 1) start(index);
}
