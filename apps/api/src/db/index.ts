// Database tooling shared with the repository scripts (scripts/dev.ts) and the tests.
export { openDevDatabase, DEV_DATA_DIR, DEV_PORT } from './dev-database.js';
export { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
export { migrate, runDbmate, MIGRATIONS_DIR } from './migrate.js';
export { seed } from './seed.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed-data.js';
export { createDb, type Db } from '../lib/db.js';
