// Starts the API: configuration, database, HTTP listener, and a graceful stop on SIGTERM/SIGINT
// (stop accepting, finish the requests under way, close the database pool).
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './lib/db.js';
import { createLogger } from './lib/logger.js';
import { createMailer } from './lib/mail.js';

const SHUTDOWN_GRACE_MS = 10_000;

function start() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const db = createDb(config.DATABASE_URL);
  const app = createApp({ config, db, logger, mailer: createMailer(config, logger) });
  const server = app.listen(config.PORT, () => logger.info(`API in ascolto su http://localhost:${config.PORT} (documentazione: /api/docs)`));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: chiusura in corso, completo le richieste in corso`);
    setTimeout(() => {
      logger.error('Chiusura forzata: richieste ancora aperte dopo il tempo di grazia');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close(async () => {
      await db.$disconnect();
      logger.info('Chiusura completata');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

start();
