// The job queue on a real PostgreSQL: a job queued by this process is worked at once, not at its
// worker's next poll, whether it was sent alone or written by a transaction (announced when it commits).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database.js';
import { createJobQueue, type JobQueue } from './jobs.js';
import { createLogger } from './logger.js';

/** A poll far beyond the wait below: only the worker asked to look now can get the job in time. */
const SLOW_POLL_SECONDS = 60;

const { url, db } = await useTestDatabase();
let jobs: JobQueue;
const worked: string[] = [];

beforeAll(async () => {
  jobs = createJobQueue(url, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), { pollingIntervalSeconds: SLOW_POLL_SECONDS });
  await jobs.start({ worker: false });
  await jobs.work('send-email', async (message) => void worked.push(message.subject));
});

afterAll(() => jobs?.stop());

const email = (subject: string) => ({ to: 'socio@example.com', subject, text: subject, html: `<p>${subject}</p>`, locale: 'it' as const });

it('works a job at once when it is sent alone, and when a transaction writes it', async () => {
  await jobs.send('send-email', email('Da sola'));
  await jobs.waitUntilIdle(10_000);
  expect(worked).toEqual(['Da sola']);

  await db.$transaction((tx) => jobs.send('send-email', email('Nella transazione'), { tx }));
  await jobs.waitUntilIdle(10_000);
  expect(worked).toEqual(['Da sola', 'Nella transazione']);
});

it('works a due job nobody announced (a retry whose time came) while a caller waits for the queue to be idle', async () => {
  // Queued for later, then due as a retry is once its delay has passed: no announcement, and the next poll a minute away.
  await jobs.send('send-email', email('Ritentato'), { startAfterSeconds: 3600 });
  await db.$executeRaw`UPDATE pgboss.job SET state = 'retry', start_after = now() WHERE name = 'send-email' AND state = 'created'`;
  await jobs.waitUntilIdle(10_000);
  expect(worked).toContain('Ritentato');
});

it('starts over queues and schedules already set without writing them again, and writes a changed setting', async () => {
  const stamps = () => db.$queryRaw<{ name: string; updated: Date }[]>`SELECT 'queue ' || name AS name, updated_on AS updated FROM pgboss.queue UNION ALL SELECT 'schedule ' || name, updated_on FROM pgboss.schedule ORDER BY 1`;
  const other = createJobQueue(url, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), { scheduler: false });
  await other.start({ worker: true });
  await other.stop();
  const before = await stamps();
  await db.$executeRaw`UPDATE pgboss.queue SET retry_limit = 1 WHERE name = 'send-email'`;
  await db.$executeRaw`UPDATE pgboss.schedule SET cron = '0 1 * * *' WHERE name = 'backup-daily'`;

  await other.start({ worker: true });
  await other.stop();
  const after = await stamps();
  const changed = after.filter((row, index) => row.updated.getTime() !== before[index]!.updated.getTime()).map((row) => row.name);
  expect(changed).toEqual(['queue send-email', 'schedule backup-daily']);
  expect(await db.$queryRaw`SELECT retry_limit FROM pgboss.queue WHERE name = 'send-email'`).toEqual([{ retry_limit: 8 }]);
  expect(await db.$queryRaw`SELECT cron FROM pgboss.schedule WHERE name = 'backup-daily'`).toEqual([{ cron: '30 3 * * *' }]);
});

it('fires no schedule in a process started without the scheduler (the tests)', async () => {
  const other = createJobQueue(url, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), { scheduler: false });
  await other.start({ worker: true });
  await other.stop();
  // pg-boss's clock hands every schedule's due job to this queue of its own, made when the clock starts.
  expect(await db.$queryRaw`SELECT name FROM pgboss.queue WHERE name LIKE '__pgboss%'`).toEqual([]);
});

it('without the scheduler, starts a queue’s worker at its first job: announced, or queued before it listened', async () => {
  const seen: string[] = [];
  const lazy = createJobQueue(url, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), { pollingIntervalSeconds: SLOW_POLL_SECONDS, scheduler: false });
  await lazy.start({ worker: true });
  try {
    // Queued while no process worked the queue.
    await lazy.send('certificates-daily', {});
    await lazy.work('certificates-daily', async () => void seen.push('queued before'));
    await expect.poll(() => seen).toEqual(['queued before']);
    await lazy.work('membership-activated', async () => void seen.push('announced'));
    await lazy.send('membership-activated', { membershipId: -1 });
    // Not waitUntilIdle, which would wake the worker itself: only the announcement can, the poll a minute away.
    await expect.poll(() => seen).toEqual(['queued before', 'announced']);
  } finally {
    await lazy.stop();
  }
});
