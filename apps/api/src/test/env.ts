// The environment every in-process API of the tests starts from (API tests and browser tests).
/** bcrypt's lowest cost: a hash in about a millisecond instead of a quarter of a second. */
export const TEST_BCRYPT_COST = 4;

/**
 * How often a test's job workers poll: a queued job is announced and taken at once, and `waitUntilIdle`
 * wakes the workers for the due jobs nobody announced (retries), so the poll is only a safety net. At 1 s
 * the 18 queues' polls cost each running test file ≈ 34 ms of CPU a second (docs/testing.md#job-polls).
 */
const TEST_JOBS_POLL_SECONDS = 10;

/**
 * `JOBS_SCHEDULER: 'off'`: no test waits for a schedule (each sends the job it checks), and the schedules'
 * every-minute jobs would run unasked in a long file (docs/testing.md#session-11-the-fixed-cost-of-a-file).
 */
/**
 * A test's connections stay open for its file instead of 10 s idle: each connection opened again costs
 * PostgreSQL ≈ 50 ms of CPU (its start, its catalogue caches), and a file reopened 20–50 of them
 * (docs/testing.md#session-12-the-api-lanes-cpu).
 */
export const TEST_DATABASE_IDLE_SECONDS = 3600;

export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'error',
  BCRYPT_COST: String(TEST_BCRYPT_COST),
  JOBS_POLL_SECONDS: String(TEST_JOBS_POLL_SECONDS),
  JOBS_SCHEDULER: 'off',
  DATABASE_IDLE_SECONDS: String(TEST_DATABASE_IDLE_SECONDS),
} as const;

/**
 * How long a test waits for a server or worker process it starts: tsx compiles the whole API on the way
 * in, a few seconds on a quiet machine and over 15 s with both cores busy elsewhere. The test's own
 * timeout is twice this.
 */
export const PROCESS_START_MS = 45_000;
