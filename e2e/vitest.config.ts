import { defineConfig } from 'vitest/config';
import { LongestFirst } from './src/longest-first.js';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    // ROME_MIDNIGHT=cross|after: each file loads before midnight in Rome and its tests run after it (=after: all of
    // it after), in node and in the browser's pages (../apps/api/src/test/rome-midnight.ts, ./src/rome-midnight.ts).
    setupFiles: process.env.ROME_MIDNIGHT ? ['../apps/api/src/test/rome-midnight.ts', './src/rome-midnight.ts'] : [],
    // Ceilings, not waits: a browser test walks whole flows (two sign-ins, uploads, payments) and `npm test`
    // runs it beside the other suites, so on a busy machine one can take over a minute (73 s seen under
    // stress-ng for a test of 20 s, over 120 s once in CI). A stuck step still fails on its own: every
    // browser action and every expect.poll gives up after 30 s.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // expect.poll waits for a state (a webhook applied, a list filtered): on a busy machine that can take
    // longer than its 1 s default, and giving up early would fail a correct test. The same 30 s as a
    // browser action: a 15 s ceiling once failed a correct test in CI (the dashboard's message after two
    // retries, 4 s on a quiet host).
    expect: { poll: { timeout: 30_000 } },
    // Three browser test files at once on a 2-core machine: each spends much of its time waiting on the
    // browser, the API or the database (the whole `npm test` used two thirds of the cores), and they share
    // one PostgreSQL and one Chromium. Measured on a clean clone: 316 s for `npm test` against 331 s with two.
    maxWorkers: 3,
    // The files of a worker share its loaded modules (the API, vite) instead of importing them again each.
    isolate: false,
    // The longest files first, also on a clean clone where vitest has no timings (./src/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    // Each file's time also goes to .test-timings/ for `pnpm test:timings` (docs/testing.md#test-timings).
    reporters: ['default', '../scripts/test-timings-reporter.mjs'],
  },
});
