// The database used outside tests: DATABASE_URL when set, otherwise the embedded PostgreSQL whose
// data lives in .data/postgres at the repository root (kept across runs, ignored by git).
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from './embedded.js';

export const DEV_DATA_DIR = fileURLToPath(new URL('../../../../.data/postgres', import.meta.url));
export const DEV_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
const DEV_DATABASE = 'beach';

export interface DevDatabase {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function openDevDatabase(log: (line: string) => void = console.log): Promise<DevDatabase> {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external, embedded: false, stop: async () => {} };
  const url = `postgres://postgres:postgres@127.0.0.1:${DEV_PORT}/${DEV_DATABASE}`;
  if (await isListening(DEV_PORT)) {
    log(`PostgreSQL integrato già in esecuzione sulla porta ${DEV_PORT}.`);
    return { url, embedded: true, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({ dataDir: DEV_DATA_DIR, port: DEV_PORT, database: DEV_DATABASE, persistent: true });
  log(`PostgreSQL integrato avviato: dati in ${DEV_DATA_DIR}, porta ${DEV_PORT}.`);
  return { url: server.url, embedded: true, stop: server.stop };
}
