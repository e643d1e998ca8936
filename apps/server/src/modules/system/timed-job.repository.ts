import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

/** All SQL on the installation's timed work (`timed_jobs`, lib/timed-jobs.ts). */
export class TimedJobRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the run of `name` that is due (its `next_at` at most `earlyMs` away) in one statement: of any
   * number of processes asking at once one gets true. The claim holds the job for `leaseMs` (a run that
   * crashes gives it up then); `finished` sets the next run. A job never run before is due at once, and
   * a finished one is due `everyMs` after its last run began, whatever interval the process that ran it
   * had: a shorter interval set at a restart applies at once, not after the old one.
   */
  async claim(
    name: string,
    timing: { leaseMs: number; everyMs: number; earlyMs: number },
    holder: string,
  ): Promise<boolean> {
    const next = sql`now() + make_interval(secs => ${timing.leaseMs / 1000})`;
    const due = sql`now() + make_interval(secs => ${timing.earlyMs / 1000})`;
    const result = await rowsOf<{ name: string }>(
      this.db,
      sql`
      insert into timed_jobs (name, next_at, runs, last_by, last_at, running)
      values (${name}, ${next}, 1, ${holder}, now(), true)
      on conflict (name) do update
        set next_at = ${next}, runs = timed_jobs.runs + 1, last_by = ${holder}, last_at = now(),
          running = true
        where timed_jobs.next_at <= ${due}
          or (not timed_jobs.running
            and timed_jobs.last_at + make_interval(secs => ${timing.everyMs / 1000}) <= ${due})
      returning name`,
    );
    return result.length > 0;
  }

  /**
   * A run is over: the next is due an interval after this one was claimed (at once if it took longer).
   * A holder whose lease ran out and was claimed by another changes nothing.
   */
  async finished(name: string, everyMs: number, holder: string): Promise<void> {
    await this.db.execute(sql`
      update timed_jobs
        set next_at = greatest(last_at + make_interval(secs => ${everyMs / 1000}), now()), running = false
        where name = ${name} and last_by = ${holder}`);
  }

  /** Every job's claims so far (the deploy tests read them). */
  async all(): Promise<{ name: string; runs: number; lastBy: string | null }[]> {
    const rows = await rowsOf<{ name: string; runs: number; last_by: string | null }>(
      this.db,
      sql`select name, runs, last_by from timed_jobs order by name`,
    );
    return rows.map((r) => ({ name: r.name, runs: Number(r.runs), lastBy: r.last_by }));
  }
}
