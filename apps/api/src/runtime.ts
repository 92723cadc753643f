// Builds a process's dependencies from its configuration (API server, worker, tests).
import type { Config } from './config.js';
import { appDatabaseUrl } from './db/app-role.js';
import type { AppDeps } from './deps.js';
import { createDb, type Db } from './lib/db.js';
import { createJobQueue } from './lib/jobs.js';
import { createLogger } from './lib/logger.js';
import { createMailer } from './lib/mail.js';
import { createMetrics } from './lib/metrics.js';
import { createStorage } from './lib/storage.js';
import { createStripe } from './lib/stripe.js';
import { createServices } from './services.js';
import { startWorkers } from './workers.js';

/**
 * The requests and jobs work as the app role, which can only read the ledger and post through its
 * functions; the job queue connects as DATABASE_URL's owner, since pg-boss makes a table of its own for
 * each new queue (docs/domain.md#ledger).
 */
export function createDeps(config: Config, db: Db = createDb(appDatabaseUrl(config.DATABASE_URL, config.DATABASE_APP_PASSWORD), { idleSeconds: config.DATABASE_IDLE_SECONDS })): AppDeps {
  const logger = createLogger(config);
  const jobs = createJobQueue(config.DATABASE_URL, logger, { pollingIntervalSeconds: config.JOBS_POLL_SECONDS, scheduler: config.JOBS_SCHEDULER === 'on', idleSeconds: config.DATABASE_IDLE_SECONDS });
  const metrics = createMetrics({ db, jobs, logger });
  return {
    config,
    db,
    logger,
    jobs,
    mailer: metrics.countMail(createMailer(config, logger)),
    stripe: createStripe(config),
    storage: createStorage(config),
    metrics,
  };
}

/**
 * Dependencies, services and the job queue, started; with `workers` this process also works the jobs.
 * `stop` is the one way every process (server, worker, tests, benches) lets go of them: the running jobs
 * finish (up to `timeoutMs`), then the mail connections and the database pool close, so nothing keeps
 * the process or a mail server waiting.
 */
export async function startRuntime(config: Config, { workers, db }: { workers: boolean; db?: Db }) {
  const deps = createDeps(config, db);
  const services = createServices(deps);
  await deps.jobs.start({ worker: workers });
  await services.push.ensureKeys();
  if (workers) await startWorkers(deps, services);
  async function stop(timeoutMs?: number) {
    await deps.jobs.stop(timeoutMs);
    deps.mailer.close();
    await deps.db.$disconnect();
  }
  return { deps, services, stop };
}
