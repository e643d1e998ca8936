import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { openDatabase } from '../../apps/server/src/db/client.js';

/**
 * One migrated embedded database for the run: a server the browser tests start on a new DATA_DIR gets a
 * copy of it (server-process.ts) instead of creating PGlite and applying every migration itself, which
 * was most of each start-up (20 s of 26 on a loaded machine). The server still checks its schema at start.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-e2e-template-'));
  // The built server's own code, as the servers the tests start run it.
  const client = (await import(new URL('../../apps/server/dist/db/client.js', import.meta.url).href)) as {
    openDatabase: typeof openDatabase;
  };
  const handle = await client.openDatabase({ driver: 'pglite', dataDir: join(dir, 'db') });
  await handle.close();
  process.env.VITRINE_E2E_DB_TEMPLATE = join(dir, 'db');
  return () => rm(dir, { recursive: true, force: true });
}
