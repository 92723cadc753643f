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
