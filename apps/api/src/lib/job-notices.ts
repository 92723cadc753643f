// A queued job announced on a PostgreSQL channel when its transaction commits, so the workers of every
// process look for it at once rather than at their next poll. Only a shortcut: the poll still finds every job.
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Prisma } from '../generated/prisma/client.js';
import type { Logger } from './logger.js';

const JOB_CHANNEL = 'beach_jobs';

/** Announces a job of `name`: with `tx`, when that transaction commits (NOTIFY waits for it). */
export async function announceJob(boss: PgBoss, name: string, tx?: Prisma.TransactionClient) {
  if (tx) await tx.$executeRaw`SELECT pg_notify(${JOB_CHANNEL}, ${name})`;
  else await boss.getDb().executeSql('SELECT pg_notify($1, $2)', [JOB_CHANNEL, name]);
}

/** Hears the jobs announced by any process on a connection of its own, calling `onAnnounced` with each job's name. */
export function createJobListener(databaseUrl: string, logger: Logger, onAnnounced: (name: string) => void) {
  let listener: pg.Client | undefined;
  return {
    /** Starts listening; once, however many queues are worked. */
    async listen() {
      if (listener) return;
      listener = new pg.Client({ connectionString: databaseUrl, application_name: 'beach-jobs-listener' });
      listener.on('notification', (notice) => onAnnounced(notice.payload ?? ''));
      listener.on('error', (error) => logger.warn({ err: error }, 'Avvisi dei job interrotti: i job restano presi a ogni controllo'));
      await listener.connect();
      await listener.query(`LISTEN ${JOB_CHANNEL}`);
    },
    async close() {
      await listener?.end();
      listener = undefined;
    },
  };
}
