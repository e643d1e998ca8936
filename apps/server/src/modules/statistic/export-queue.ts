import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.js';

/** Where async exports wait: pg-boss in the app's own database, on PostgreSQL and inside PGlite alike. */
export interface ExportQueue {
  readonly mode: 'pg-boss' | 'in-process';
  /** Starts taking jobs; `run` makes one export (by its export_jobs id). */
  start(run: (jobId: number) => Promise<void>): Promise<void>;
  send(jobId: number): Promise<void>;
  stop(): Promise<void>;
}

export const EXPORT_QUEUE = 'statistic-export';

/**
 * pg-boss over the app's database handle (`executeSql`): the pool on PostgreSQL, the one PGlite connection
 * embedded (its queries and transactions are serialised by PGlite itself). Jobs survive a restart and any
 * server process sharing the database may run them.
 */
export class PgBossExportQueue implements ExportQueue {
  readonly mode = 'pg-boss' as const;
  private boss: PgBoss | null = null;
  /** Exports running now: `stop` waits for them, so pg-boss never writes their outcome to a closed pool. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: (message: string, error?: unknown) => void,
    /** How long a stop waits for running exports before pg-boss marks them failed. */
    private readonly stopTimeoutMs = 5000,
  ) {}

  async start(run: (jobId: number) => Promise<void>): Promise<void> {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.database.executeSql(text, values) },
      schema: 'pgboss',
      // Jobs are small and few: check the queue twice a second, keep a day of history.
      schedule: false,
      maintenanceIntervalSeconds: 300,
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
    boss.on('error', (error) => this.log('export queue error', error));
    await boss.start();
    await boss.createQueue(EXPORT_QUEUE, { name: EXPORT_QUEUE, retryLimit: 1, expireInSeconds: 3600 });
    await boss.work<{ jobId: number }>(
      EXPORT_QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) await this.track(run(job.data.jobId));
      },
    );
    this.boss = boss;
  }

  async send(jobId: number): Promise<void> {
    if (!this.boss) throw new Error('export queue not started');
    await this.boss.send(EXPORT_QUEUE, { jobId });
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    // close: false, the database handle is the app's and closes with it.
    await boss?.stop({ graceful: true, wait: true, close: false, timeout: this.stopTimeoutMs });
    // pg-boss stops waiting after its timeout, but an export still running then ends later and pg-boss
    // writes its outcome without awaiting it: with the pool closed by then, that was an unhandled
    // rejection. Wait for the exports, then one turn of the loop, in which pg-boss sends that write (the
    // pool lets a query already sent finish as it closes).
    await Promise.allSettled([...this.running]);
    await new Promise((resolve) => setImmediate(resolve));
  }

  private track(export_: Promise<void>): Promise<void> {
    this.running.add(export_);
    const done = () => this.running.delete(export_);
    export_.then(done, done);
    return export_;
  }
}

/**
 * The fallback when pg-boss cannot start on this database: jobs run one at a time in this process, and a
 * job left queued or running by a stopped process is marked failed at the next start (see the service).
 */
export class InProcessExportQueue implements ExportQueue {
  readonly mode = 'in-process' as const;
  private run: ((jobId: number) => Promise<void>) | null = null;
  private chain: Promise<void> = Promise.resolve();

  async start(run: (jobId: number) => Promise<void>): Promise<void> {
    this.run = run;
  }

  async send(jobId: number): Promise<void> {
    const run = this.run;
    if (!run) throw new Error('export queue not started');
    this.chain = this.chain.then(() => run(jobId)).catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.run = null;
    await this.chain;
  }
}
