// Database tooling shared with the repository scripts (scripts/dev.ts) and the browser tests.
export { openDevDatabase } from './dev-database.js';
export { startEmbeddedPostgres } from './embedded.js';
export { migrate } from './migrate.js';
export { enableAppLogin } from './app-role.js';
export { DEV_DATABASE_APP_PASSWORD } from '../config.js';
export { seed } from './seed.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed-data.js';
export { createDb, type Db } from '../lib/db.js';
