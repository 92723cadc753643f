// What the application is built from. Modules take the parts they need from here (not from app.ts,
// which imports the modules).
import type { Config } from './config.js';
import type { Db } from './lib/db.js';
import type { JobQueue } from './lib/jobs.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './lib/mail.js';
import type { Metrics } from './lib/metrics.js';
import type { Storage } from './lib/storage.js';
import type { Stripe } from './lib/stripe.js';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Background jobs; e-mails go through here ('send-email'), never straight to the mail server. */
  jobs: JobQueue;
  /** The mail transport, used by the 'send-email' worker only. */
  mailer: Mailer;
  /** null when no Stripe keys are configured: online payments are then unavailable. */
  stripe: Stripe | null;
  storage: Storage;
  /** This process's Prometheus metrics (GET /api/metrics). */
  metrics: Metrics;
}
