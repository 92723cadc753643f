// Builds a process's dependencies from its configuration (API server, worker, tests).
import type { Config } from './config.js';
import type { AppDeps } from './deps.js';
import { createDb, type Db } from './lib/db.js';
import { createJobQueue } from './lib/jobs.js';
import { createLogger } from './lib/logger.js';
import { createMailer } from './lib/mail.js';
import { createStorage } from './lib/storage.js';
import { createStripe } from './lib/stripe.js';
import { createServices } from './services.js';
import { startWorkers } from './workers.js';

export function createDeps(config: Config, db: Db = createDb(config.DATABASE_URL)): AppDeps {
  const logger = createLogger(config);
  return {
    config,
    db,
    logger,
    jobs: createJobQueue(config.DATABASE_URL, logger),
    mailer: createMailer(config, logger),
    stripe: createStripe(config),
    storage: createStorage(config),
  };
}

/** Dependencies, services and the job queue, started; with `workers` this process also works the jobs. */
export async function startRuntime(config: Config, { workers, db }: { workers: boolean; db?: Db }) {
  const deps = createDeps(config, db);
  const services = createServices(deps);
  await deps.jobs.start({ worker: workers });
  if (workers) await startWorkers(deps, services);
  return { deps, services };
}
