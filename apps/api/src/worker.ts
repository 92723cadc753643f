// The job workers alone (WORKERS=off on the API): e-mails, activations, refunds, daily jobs. A stop
// signal lets the running jobs finish.
import { loadConfigOrExit } from './config.js';

const SHUTDOWN_GRACE_MS = 30_000;

const config = loadConfigOrExit();
// Imported once the configuration is read, as in server.ts: a bad variable stops the process before the API loads.
const [{ createOperationsApp }, { startRuntime }] = await Promise.all([import('./app.js'), import('./runtime.js')]);
const { deps, stop: stopRuntime } = await startRuntime(config, { workers: true });
deps.logger.info('Worker avviato: e-mail, attivazioni, rimborsi e job giornalieri');
const port = deps.config.WORKER_PORT;
const listener = port === undefined ? null : createOperationsApp(deps).listen(port, () => deps.logger.info(`Worker: stato e metriche su http://localhost:${port}/api/ready`));

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  deps.logger.info(`${signal}: il worker finisce i job in corso e si ferma`);
  listener?.close();
  await stopRuntime(SHUTDOWN_GRACE_MS);
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
