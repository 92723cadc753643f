// Background jobs on the same PostgreSQL (pg-boss): e-mails with retries, work that follows a
// payment, and the daily membership job. A job can be queued inside a database transaction, so it
// exists exactly when the change that asked for it was committed. The jobs and their queues' settings
// are ./job-catalogue.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Prisma } from '../generated/prisma/client.js';
import { JOB_QUEUES, JOB_SCHEDULES, JOB_STATES, type JobHandler, type JobName, type JobPayloads, type JobState } from './job-catalogue.js';
import { announceJob, createJobListener } from './job-notices.js';
import type { Logger } from './logger.js';
import { CENTRE_TIME_ZONE } from './time.js';

export { JOB_NAMES, JOB_STATES } from './job-catalogue.js';
export type { JobHandler, JobName, JobPayloads, JobState } from './job-catalogue.js';

export interface JobQueue {
  /** Queues a job; with `tx` it is written by that transaction (and vanishes if it rolls back). */
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: { tx?: Prisma.TransactionClient; startAfterSeconds?: number }): Promise<void>;
  /** Starts working a queue in this process. */
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /**
   * Connects and creates the queues; call once before send or work. A process that works jobs also
   * runs pg-boss's maintenance and the schedules (`worker: true`).
   */
  start(options: { worker: boolean }): Promise<void>;
  /** Stops taking jobs and waits (up to `timeoutMs`) for the running ones to finish. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Resolves once no job is due or running (retries and schedules set for later aside), including the
   * jobs that finished ones queued: for tests and tools that wait for the work a change asked for. The
   * due jobs are worked at once, whatever the polling interval.
   */
  waitUntilIdle(timeoutMs?: number): Promise<void>;
  /** Whether the queue is started and its tables answer through its own connections (readiness). */
  reachable(): Promise<boolean>;
  /** Jobs of every queue by state, across every process on the database (metrics). */
  countsByState(): Promise<{ queue: string; state: JobState; count: number }[]>;
}

/**
 * Creates the missing queues and gives the others the catalogue's settings where they differ: read in one
 * query, so a start over queues already set (every start but the first) writes nothing.
 */
async function writeQueues(boss: PgBoss) {
  const stored = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const [name, settings] of Object.entries(JOB_QUEUES)) {
    const queue: PgBoss.Queue = { name, policy: 'standard', ...settings };
    const current = stored.get(name);
    if (!current) await boss.createQueue(name, queue);
    // pg-boss's update keeps a setting the catalogue leaves out: only the given ones are compared.
    else if (Object.entries(queue).some(([key, value]) => current[key as keyof typeof current] !== value)) await boss.updateQueue(name, queue);
  }
}

/** The schedules in the centre's time zone, written where missing or changed. */
async function writeSchedules(boss: PgBoss) {
  const stored = new Map((await boss.getSchedules()).map((schedule) => [schedule.name, schedule]));
  for (const [name, cron] of Object.entries(JOB_SCHEDULES)) {
    const current = stored.get(name) as (PgBoss.Schedule & { timezone?: string }) | undefined;
    if (current?.cron !== cron || current.timezone !== CENTRE_TIME_ZONE) await boss.schedule(name, cron, {}, { tz: CENTRE_TIME_ZONE });
  }
}

/**
 * `scheduler: false`: a worker process that fires no schedule, runs none of pg-boss's maintenance and starts
 * each queue's worker at its first job (the tests, which send the jobs they check; a file is over long
 * before any maintenance would be due). `idleSeconds`: how long an unused connection stays open
 * (DATABASE_IDLE_SECONDS).
 */
export function createJobQueue(databaseUrl: string, logger: Logger, { pollingIntervalSeconds = 1, scheduler = true, idleSeconds = 10 } = {}): JobQueue {
  let boss: PgBoss | undefined;
  let stopping = new AbortController();
  /** This process's worker of each queue it works. */
  const workers = new Map<JobName, string>();
  /**
   * Without the scheduler every job is announced (or is the retry of a worker already running), so a
   * queue's worker starts at its first job: a process that never gets one never polls for it.
   */
  const notYetStarted = new Map<JobName, () => Promise<void>>();
  /**
   * Asks this process's worker of `name` to look for jobs now rather than at its next poll (a second
   * away): an e-mail a request queued goes out at once. Only a shortcut; the poll still finds every job.
   */
  const lookNow = (name: string) => {
    const id = workers.get(name as JobName);
    if (id) boss?.notifyWorker(id);
    const startWorker = notYetStarted.get(name as JobName);
    notYetStarted.delete(name as JobName);
    // Its first look for jobs is at once.
    startWorker?.().catch((error: unknown) => logger.error({ err: error, job: name }, 'Errore della coda dei job'));
  };
  /** Hears the jobs queued by any process. */
  const listener = createJobListener(databaseUrl, logger, lookNow);
  const started = () => {
    if (!boss) throw new Error('Coda dei job non avviata: chiama start() prima.');
    return boss;
  };

  /** pg-boss's SQL runs on the caller's transaction; objects are sent as JSON text. */
  const onTransaction = (tx: Prisma.TransactionClient) => ({
    async executeSql(text: string, values: unknown[] = []) {
      const parameters = values.map((value) => (value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value));
      return { rows: await tx.$queryRawUnsafe<unknown[]>(text, ...parameters) };
    },
  });

  return {
    async send(name, data, options = {}) {
      const sendOptions: PgBoss.SendOptions = { ...(options.tx && { db: onTransaction(options.tx) }), ...(options.startAfterSeconds && { startAfter: options.startAfterSeconds }) };
      await started().send(name, data, sendOptions);
      await announceJob(started(), name, options.tx);
    },

    async work(name, handler) {
      await listener.listen();
      const startWorker = async () => {
        const id = await started().work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          if (!job) return;
          // Having found a job, the worker looks for the next one at once rather than after the polling
          // interval: a queue of e-mails drains at the mail server's pace, not one a second.
          lookNow(name);
          try {
            await handler(job.data, stopping.signal);
          } catch (error) {
            logger.warn({ err: error, job: name, jobId: job.id }, 'Job non riuscito: sarà ritentato');
            throw error;
          }
        });
        workers.set(name, id);
      };
      notYetStarted.set(name, startWorker);
      // Jobs queued before this process listened were announced to nobody: they start the worker now
      // (unless an announcement heard meanwhile did).
      if ((scheduler || (await started().getQueueSize(name)) > 0) && notYetStarted.delete(name)) await startWorker();
    },

    async start({ worker }) {
      stopping = new AbortController();
      const timekeeping = worker && scheduler;
      // pg-boss hands these options to pg's Pool, whose idle timeout its types do not list.
      const pool = { max: 4, idleTimeoutMillis: idleSeconds * 1000 };
      boss = new PgBoss({ connectionString: databaseUrl, ...pool, application_name: 'beach-jobs', supervise: timekeeping, schedule: timekeeping });
      boss.on('error', (error) => logger.error({ err: error }, 'Errore della coda dei job'));
      await boss.start();
      await writeQueues(boss);
      if (worker) await writeSchedules(boss);
    },

    async stop(timeoutMs = 10_000) {
      stopping.abort();
      workers.clear();
      notYetStarted.clear();
      await listener.close();
      await boss?.stop({ graceful: true, timeout: timeoutMs });
    },

    async reachable() {
      if (!boss) return false;
      return boss
        .getDb()
        .executeSql('SELECT version FROM pgboss.version', [])
        .then(
          () => true,
          () => false,
        );
    },

    async countsByState() {
      const { rows } = await started()
        .getDb()
        .executeSql('SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job WHERE state::text = ANY($1) GROUP BY name, state', [[...JOB_STATES]]);
      return rows as { queue: string; state: JobState; count: number }[];
    },

    async waitUntilIdle(timeoutMs = 20_000) {
      const db = started().getDb();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = (await db.executeSql(
          "SELECT name, state::text AS state FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now() ORDER BY created_on",
          [],
        )) as { rows: { name: string; state: string }[] };
        if (rows.length === 0) return;
        // A due job nobody announced (a retry whose time came, a schedule's) waits for its worker's next
        // poll: ask this process's workers to look now, so the wait does not depend on the polling interval.
        for (const { name, state } of rows) if (state !== 'active') lookNow(name);
        if (Date.now() > deadline) {
          // Which jobs, so a failure on a busy machine says what was still running.
          const pending = rows.map((job) => `${job.name} (${job.state})`).join(', ');
          throw new Error(`Job ancora in coda dopo ${timeoutMs} ms: ${pending}`);
        }
        await sleep(25);
      }
    },
  };
}
