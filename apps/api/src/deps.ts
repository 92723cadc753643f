// What the application is built from. Modules take the parts they need from here (not from app.ts,
// which imports the modules).
import type { Config } from './config.js';
import type { Db } from './lib/db.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './lib/mail.js';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
}
