import { defineConfig } from 'vitest/config';
import { longestFirst } from './src/test/longest-first.js';

export default defineConfig({
  test: {
    globalSetup: ['./src/test/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    // CPU_PER_TEST=<file>: each test's CPU, node's and PostgreSQL's, written there (./src/test/cpu-per-test.ts).
    // ROME_MIDNIGHT=cross: each file loads before midnight in Rome and its tests run after it; =after: all of it after (./src/test/rome-midnight.ts).
    setupFiles: [
      ...(process.env.CPU_PER_TEST ? ['./src/test/cpu-per-test.ts'] : []),
      ...(process.env.ROME_MIDNIGHT ? ['./src/test/rome-midnight.ts'] : []),
    ],
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
    // The longest files first, also on a clean clone where vitest has no timings (./src/test/longest-first.ts).
    // The demo season's test second: it seeds the run's demo templates, which backups and annual-accounts-demo
    // (started after it, not to wait for the seeding) copy.
    sequence: {
      sequencer: longestFirst([
        'modules/ledger/money-fuzz.test.ts', 'db/seed-demo.test.ts', 'modules/booking-players/booking-players.test.ts', 'modules/backups/backups.test.ts',
        'modules/memberships/memberships.test.ts', 'db/ledger-migration.test.ts', 'modules/open-matches/open-matches.test.ts', 'modules/rain-checks/rain-checks.test.ts',
        'modules/credit/credit-and-card.test.ts', 'modules/tournaments/tournaments.test.ts', 'modules/annual-accounts/annual-accounts-demo.test.ts',
      ]),
    },
    // Each file's time also goes to .test-timings/ for `pnpm test:timings` (docs/testing.md#test-timings).
    reporters: ['default', '../../scripts/test-timings-reporter.mjs'],
  },
});
