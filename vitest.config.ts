import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './e2e/support/sequencer.js';
import { localeStrings } from './scripts/vite/locale-strings.js';

const core = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));
const alias = { '@vitrine/core': core };

/**
 * `expect.poll` in browser tests waits up to what a loaded CI host needs for a server round trip and a
 * render (vitest's own default is one second); a poll that holds returns at once, so this costs nothing
 * when the page is quick. The same ceiling as `see()` (e2e/support/see.ts).
 */
const E2E_POLL = { timeout: 20_000, interval: 100 };

/** Browser tests that measure time between screens or processes: they run one at a time. */
const TIMING_FILES = ['e2e/walls-sync.test.ts', 'e2e/offline.test.ts', 'e2e/ssp.test.ts'];

/**
 * The projects: pure unit tests, HTTP-level integration tests against a real database (PGlite, or
 * PostgreSQL with TEST_DB=pg and TEST_DATABASE_URL), browser tests driving headless Chromium against a real
 * server process (side by side, and the timing ones alone), and the built native players (docs/players.md).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        // The web app's locale strings are split into parts by the same plugin as its build.
        plugins: [localeStrings(fileURLToPath(new URL('./apps/web/src/i18n', import.meta.url)))],
        test: {
          name: 'unit',
          // Two files side by side on 2 cores (vitest's own default there is one).
          maxWorkers: Number(process.env.UNIT_WORKERS ?? 2),
          include: [
            'packages/core/src/**/*.test.ts',
            'apps/server/src/lib/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
            'apps/player/src/**/*.test.ts',
            'packages/render/src/**/*.test.ts',
            'players/shell/**/*.test.ts',
            'players/build/**/*.test.ts',
            'e2e/support/*.unit.test.ts',
            'scripts/eslint/**/*.test.ts',
            'scripts/vite/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/lib/**'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file has a database of its own (a PGlite copy, or a PostgreSQL database from the
          // template): files run side by side, two by default (vitest's default here was one on 2 cores).
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
          // Each file builds its own app on its own database and closes it, and no file mocks a module or
          // changes the environment: a worker keeps the server's modules loaded from one file to the next
          // instead of importing them afresh, which was 40-60% of the suite's worker time (4 s a file).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Each file starts its own server and browser and waits mostly on players' clocks: files run
          // side by side (E2E_WORKERS, 2 by default), the longest first (e2e/support/sequencer.ts).
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [...TIMING_FILES, 'e2e/support/**'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: E2E_POLL },
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          // Files that measure time between screens or processes run alone, after the others.
          name: 'e2e-timing',
          include: TIMING_FILES,
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: E2E_POLL },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          // The built native players (npm run build:players first): formats, self-tests, the AppImage at work.
          name: 'players',
          include: ['players/test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
