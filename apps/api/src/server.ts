// Starts the API: configuration, database, job queue (and its workers unless WORKERS=off), HTTP
// listener, and a graceful stop on SIGTERM/SIGINT (stop accepting, finish the requests and jobs under
// way, close the database pool).
import { loadConfigOrExit } from './config.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function start() {
  const config = loadConfigOrExit();
  // Imported once the configuration is read: a bad variable stops the process before the whole API is
  // loaded (a fraction of the CPU), with its message.
  const [{ createApp }, { startRuntime }] = await Promise.all([import('./app.js'), import('./runtime.js')]);
  const { deps, services, stop: stopRuntime } = await startRuntime(config, { workers: config.WORKERS === 'in-process' });
  const { logger } = deps;
  const app = createApp(deps, services);
  const server = app.listen(config.PORT, () => logger.info(`API in ascolto su http://localhost:${config.PORT} (documentazione: /api/docs)`));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: chiusura in corso, completo le richieste e i job in corso`);
    setTimeout(() => {
      logger.error('Chiusura forzata: richieste o job ancora aperti dopo il tempo di grazia');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close(async () => {
      await stopRuntime(SHUTDOWN_GRACE_MS - 1000);
      logger.info('Chiusura completata');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

await start();
