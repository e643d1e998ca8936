import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { PgBossExportQueue } from './export-queue.js';

describe('the export queue', () => {
  it('waits, when stopped, for an export still running after its timeout: the pool closes after', async () => {
    const database = await openTestDatabase();
    const errors: unknown[] = [];
    const queue = new PgBossExportQueue(database, (_, error) => errors.push(error), 1000);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    await queue.start(async () => {
      started();
      // Longer than the stop's timeout: pg-boss stops waiting, marks it failed, and it ends afterwards.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      finished = true;
    });
    await queue.send(1);
    await running;
    await queue.stop();
    expect(finished).toBe(true);
    // The app closes its database right after its queue: what pg-boss still writes has been sent by then.
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors).toEqual([]);
  }, 20_000);
});
