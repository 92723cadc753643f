import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two browser tests at once on a 2-core machine: each spends most of its time waiting on the
    // browser, the API or the database, and they share one PostgreSQL and one Chromium.
    maxWorkers: 2,
  },
});
