// Background jobs on the same PostgreSQL (pg-boss): e-mails with retries, work that follows a
// payment, and the daily membership job. A job can be queued inside a database transaction, so it
// exists exactly when the change that asked for it was committed.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Prisma } from '../generated/prisma/client.js';
import type { Logger } from './logger.js';
import type { MailMessage } from './mail.js';
import { CENTRE_TIME_ZONE } from './time.js';

/** Every job of the application and what it carries. */
export interface JobPayloads {
  'send-email': MailMessage;
  /** A card became active: make its PDF and e-mail it to the member. */
  'membership-activated': { membershipId: number };
  /** Makes a call to Stripe committed as a request row (docs/domain.md#stripe-requests): a refund, a session closed or recovered. */
  'stripe-request': { requestId: number };
  /** Every minute: booking holds past their time lapse and free their slot. */
  'bookings-expire-holds': Record<string, never>;
  /** Every 10 minutes: confirmed bookings starting within the reminder lead get their one reminder. */
  'bookings-reminders': Record<string, never>;
  /** Daily: cards past their end date expire; members whose card ends in 7 days are reminded. */
  'memberships-daily': Record<string, never>;
  /** Every minute: the PDFs of receipts issued since are written (each once). */
  'receipts-write': Record<string, never>;
  /** Daily: a backup of the database and the stored files (BACKUP_DIR), old ones removed. */
  'backup-daily': Record<string, never>;
  /** Sends a stored bulk e-mail to its remaining recipients at the provider's rate. */
  'broadcast-send': { broadcastId: number };
  /** Daily: medical certificate reminders 30 and 7 days before expiry and on the day (once each). */
  'certificates-daily': Record<string, never>;
  /** Every minute: split bookings' invitations once confirmed, and unpaid shares charged to the organiser at the deadline. */
  'booking-shares': Record<string, never>;
  /** Cancels a rain check's bookings one by one, returns their money and e-mails each member once. */
  'rain-check': { rainCheckId: number };
  /** Daily: the books proved (docs/domain.md#reconciliation); the verdict is kept for the dashboard and the metrics. */
  'ledger-reconciliation': Record<string, never>;
}
export type JobName = keyof JobPayloads;
/** `stopping` is aborted when the process stops taking jobs: a long job ends early and resumes later. */
export type JobHandler<N extends JobName> = (data: JobPayloads[N], stopping: AbortSignal) => Promise<void>;

/** Retries with backoff: a slow or failing mail server costs a delay, never a message. */
const QUEUES: Record<JobName, Omit<PgBoss.Queue, 'name'>> = {
  'send-email': { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  'membership-activated': { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  'stripe-request': { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  'memberships-daily': { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  'certificates-daily': { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  'bookings-expire-holds': { policy: 'singleton', retryLimit: 1, expireInSeconds: 120 },
  'bookings-reminders': { policy: 'singleton', retryLimit: 2, expireInSeconds: 300 },
  'booking-shares': { policy: 'singleton', retryLimit: 2, expireInSeconds: 120 },
  'receipts-write': { policy: 'singleton', retryLimit: 2, expireInSeconds: 600 },
  'backup-daily': { policy: 'singleton', retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 },
  // One broadcast at a time across every worker, so together they never exceed the provider's rate.
  'broadcast-send': { policy: 'singleton', retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 4 * 60 * 60 },
  // One rain check at a time: each resumes where it stopped, so a retry never repeats a booking.
  'rain-check': { policy: 'singleton', retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
  'ledger-reconciliation': { policy: 'singleton', retryLimit: 2, retryDelay: 600, expireInSeconds: 1800 },
};

export const JOB_NAMES = Object.keys(QUEUES) as JobName[];

/** The states a job waits or ends in: queued, waiting for a retry, running, failed for good. */
export const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Scheduled jobs: cron in the centre's time zone. */
const SCHEDULES: Partial<Record<JobName, string>> = {
  'memberships-daily': '5 0 * * *',
  'certificates-daily': '0 9 * * *',
  'bookings-expire-holds': '* * * * *',
  'bookings-reminders': '*/10 * * * *',
  'booking-shares': '* * * * *',
  'receipts-write': '* * * * *',
  // At night, when nobody books: one worker makes it (a schedule runs once across processes).
  'backup-daily': '30 3 * * *',
  'ledger-reconciliation': '15 4 * * *',
};

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
   * jobs that finished ones queued: for tests and tools that wait for the work a change asked for.
   */
  waitUntilIdle(timeoutMs?: number): Promise<void>;
  /** Whether the queue is started and its tables answer through its own connections (readiness). */
  reachable(): Promise<boolean>;
  /** Jobs of every queue by state, across every process on the database (metrics). */
  countsByState(): Promise<{ queue: string; state: JobState; count: number }[]>;
}

/** The PostgreSQL channel on which a queued job is announced, when it commits, to the workers of every process. */
const JOB_CHANNEL = 'beach_jobs';

export function createJobQueue(databaseUrl: string, logger: Logger, { pollingIntervalSeconds = 1 } = {}): JobQueue {
  let boss: PgBoss | undefined;
  let stopping = new AbortController();
  /** This process's worker of each queue it works. */
  const workers = new Map<JobName, string>();
  /**
   * Asks this process's worker of `name` to look for jobs now rather than at its next poll (a second
   * away): an e-mail a request queued goes out at once. Only a shortcut; the poll still finds every job.
   */
  const lookNow = (name: string) => {
    const id = workers.get(name as JobName);
    if (id) boss?.notifyWorker(id);
  };
  /** Hears the jobs queued by any process (NOTIFY is delivered when the queuing transaction commits). */
  let listener: pg.Client | undefined;
  const listen = async () => {
    listener = new pg.Client({ connectionString: databaseUrl, application_name: 'beach-jobs-listener' });
    listener.on('notification', (notice) => lookNow(notice.payload ?? ''));
    listener.on('error', (error) => logger.warn({ err: error }, 'Avvisi dei job interrotti: i job restano presi a ogni controllo'));
    await listener.connect();
    await listener.query(`LISTEN ${JOB_CHANNEL}`);
  };
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
      if (options.tx) await options.tx.$executeRaw`SELECT pg_notify(${JOB_CHANNEL}, ${name})`;
      else await started().getDb().executeSql('SELECT pg_notify($1, $2)', [JOB_CHANNEL, name]);
    },

    async work(name, handler) {
      if (!listener) await listen();
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
    },

    async start({ worker }) {
      stopping = new AbortController();
      boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'beach-jobs', supervise: worker, schedule: worker });
      boss.on('error', (error) => logger.error({ err: error }, 'Errore della coda dei job'));
      await boss.start();
      for (const [name, queue] of Object.entries(QUEUES)) {
        await boss.createQueue(name, { name, ...queue });
        await boss.updateQueue(name, { name, ...queue }); // settings changed since the queue was created
      }
      if (worker) {
        for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron, {}, { tz: CENTRE_TIME_ZONE });
      }
    },

    async stop(timeoutMs = 10_000) {
      stopping.abort();
      workers.clear();
      await listener?.end();
      listener = undefined;
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
        const { rows } = await db.executeSql(
          "SELECT name, state::text AS state FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now() ORDER BY created_on",
          [],
        );
        if (rows.length === 0) return;
        if (Date.now() > deadline) {
          // Which jobs, so a failure on a busy machine says what was still running.
          const pending = (rows as { name: string; state: string }[]).map((job) => `${job.name} (${job.state})`).join(', ');
          throw new Error(`Job ancora in coda dopo ${timeoutMs} ms: ${pending}`);
        }
        await sleep(25);
      }
    },
  };
}
