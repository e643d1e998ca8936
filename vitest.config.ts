import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const core = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));
const alias = { '@vitrine/core': core };

/**
 * Four projects: pure unit tests, HTTP-level integration tests against a real database (PGlite, or
 * PostgreSQL with TEST_DB=pg and TEST_DATABASE_URL), browser tests driving headless Chromium against a real
 * server process, and the built native players (docs/players.md).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'packages/core/src/**/*.test.ts',
            'apps/server/src/lib/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
            'apps/player/src/**/*.test.ts',
            'packages/render/src/**/*.test.ts',
            'players/shell/**/*.test.ts',
            'players/build/**/*.test.ts',
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
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
