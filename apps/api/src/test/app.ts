// The API app in-process over a private test database, for supertest.
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../lib/logger.js';
import { createMailer } from '../lib/mail.js';
import { useTestDatabase } from './database.js';

export async function useTestApp(env: Record<string, string> = {}) {
  const database = await useTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent', ...env });
  const logger = createLogger(config);
  const app = createApp({ config, db: database.db, logger, mailer: createMailer(config, logger) });
  return { app, config, ...database };
}
