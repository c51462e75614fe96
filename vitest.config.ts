import path from 'node:path';

import { defineConfig } from 'vitest/config';

const alias = {
  '@payload-config': path.resolve(import.meta.dirname, 'src/payload.config.ts'),
  '@': path.resolve(import.meta.dirname, 'src'),
  // `server-only` throws outside Next's server bundle; in tests every module is server-side.
  'server-only': path.resolve(import.meta.dirname, 'tests/fixtures/server-only.ts'),
};

/**
 * Unit tests sit next to the code (src/**\/*.test.ts). Integration tests (tests/integration)
 * run twice: once on a fresh SQLite file and once on a fresh PostgreSQL database.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          // Beside the integration and browser tests on two cores, a half-second test (the AEAT
          // sandbox taking 1,000 records) took over Vitest's 5 s default in CI. A longer limit only
          // delays a real failure; a slow test still shows in the timings.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-sqlite',
          include: ['tests/integration/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          globalSetup: ['tests/fixtures/integration-global-setup.ts'],
          setupFiles: ['tests/fixtures/integration-setup.ts'],
          // The browser tests run beside these in `npm test`: on two cores, the heaviest (30 visitors
          // rebooking at once, a soak over two instances) took 50–78 s there against 8–20 s alone.
          // A longer limit only delays a real failure.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker process for all files: Node loads Payload and its adapters once, not per file.
          // integration-setup.ts puts back what a file could leave behind (modules, mocks, env).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-postgres',
          include: ['tests/integration/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/fixtures/integration-global-setup.ts'],
          setupFiles: ['tests/fixtures/integration-setup.ts'],
          // The browser tests run beside these in `npm test`: on two cores, the heaviest (30 visitors
          // rebooking at once, a soak over two instances) took 50–78 s there against 8–20 s alone.
          // A longer limit only delays a real failure.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker process for all files: Node loads Payload and its adapters once, not per file.
          // integration-setup.ts puts back what a file could leave behind (modules, mocks, env).
          isolate: false,
        },
      },
    ],
  },
});
