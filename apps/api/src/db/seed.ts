// Idempotent seed: inserts what is missing and never overwrites what staff have since changed.
import type { Db } from '../lib/db.js';
import { DEFAULT_BCRYPT_COST } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import { yearInRome } from '../lib/time.js';
import { seedDemoVolume } from './seed-demo.js';
import { COURTS, DEMO_ACCOUNTS, DEMO_PASSWORD, PRICES, SETUPS } from './seed-data.js';

export interface SeedOptions {
  /** Add realistic volume for trying the back-office (2,000 members, a season of bookings...). */
  demo?: boolean;
  nodeEnv: string;
  /** bcrypt cost of the demo accounts' hash (tests go low to run fast). */
  bcryptCost?: number;
  log?: (line: string) => void;
}

export async function seed(db: Db, { demo = false, nodeEnv, bcryptCost = DEFAULT_BCRYPT_COST, log = console.log }: SeedOptions) {
  const courts = await db.court.createMany({ data: COURTS, skipDuplicates: true });
  const year = yearInRome();
  const prices = await db.priceListEntry.createMany({
    data: Object.entries(PRICES).map(([code, amountCents]) => ({ year, code: code as keyof typeof PRICES, amountCents })),
    skipDuplicates: true,
  });
  log(`Campi aggiunti: ${courts.count}; voci di listino ${year} aggiunte: ${prices.count}`);
  const setups = await db.setup.createMany({ data: [...SETUPS], skipDuplicates: true });
  log(`Allestimenti aggiunti: ${setups.count}`);

  if (nodeEnv === 'production') {
    log('NODE_ENV=production: gli account demo e i dati demo non vengono creati.');
    return;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD, bcryptCost);
  const now = new Date();
  await db.user.createMany({
    data: DEMO_ACCOUNTS.map((account) => ({ ...account, passwordHash, emailVerifiedAt: now, privacyAcceptedAt: now })),
    skipDuplicates: true,
  });
  log(`Account demo (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.email} [${a.role}]`).join(', ')}`);

  if (demo) await seedDemoVolume(db, { year, passwordHash, log });
}
