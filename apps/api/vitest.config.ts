import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./src/test/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time on a 2-core machine: a file spends most of its time waiting on PostgreSQL,
    // the job queue or the mail server, and each has its own copy of the template database.
    maxWorkers: 2,
    // The files of a worker share its loaded modules instead of importing the whole API again each
    // (no test mocks a module; each file has its own app, database copy and job queue).
    isolate: false,
    // expect.poll waits for a state (a webhook applied, a job done): on a busy machine that can take
    // longer than its 1 s default, and giving up early would fail a correct test.
    expect: { poll: { timeout: 15_000 } },
    // Each file's time also goes to .test-timings/ for `pnpm test:timings` (docs/testing.md#test-timings).
    reporters: ['default', '../../scripts/test-timings-reporter.mjs'],
  },
});
