// Members made straight in the database (one bcrypt hash for all, so many are cheap), each with a session
// started by the login's own `startSession` (a plain one, signed with the tests' secret), with a valid fiscal
// code computed from their birth data. The login itself is proved by auth.test; through the API it cost a
// member ≈ 5 queries and a request more (docs/testing.md#session-14-the-api-lanes-heaviest-files).
import codiceFiscale from 'codice-fiscale-js';
import { loadConfig } from '../config.js';
import { DEMO_PASSWORD } from '../db/seed-data.js';
import type { Db } from '../lib/db.js';
import { hashPassword } from '../lib/passwords.js';
import { startSession } from '../modules/auth/index.js';
import { TEST_BCRYPT_COST, TEST_ENV } from './env.js';
import { fromIsoDate } from '../lib/time.js';
import { fiscalCodeFor } from '../modules/memberships/index.js';

export const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };

let sharedHash: Promise<string> | null = null;
/** The configuration every test app signs with (useTestApp's): no test file sets its own secret. */
const config = loadConfig({ ...TEST_ENV, DATABASE_URL: 'postgres://unused' });
const testClient = { ipAddress: '127.0.0.1', userAgent: undefined };
let counter = 0;

export interface TestMember {
  id: number;
  email: string;
  token: string;
  fiscalCode: string;
}

export const fiscalCodeOf = (firstName: string, lastName: string, birthDate: string, gender: 'M' | 'F' = 'F') => fiscalCodeFor({ firstName, lastName, gender, birthDate });

/** A verified member with a session as a plain login starts it, signed with the tests' secret (every test app's). */
export async function createMember(db: Db, { birthDate = '1995-09-01' as string | null, firstName = 'Giulia', lastName = 'Bianchi' } = {}): Promise<TestMember> {
  sharedHash ??= hashPassword(DEMO_PASSWORD, TEST_BCRYPT_COST);
  const email = `socio.${Date.now()}.${++counter}@esempio.it`;
  const user = await db.user.create({
    data: { firstName, lastName, email, birthDate: birthDate ? fromIsoDate(birthDate) : null, passwordHash: await sharedHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() },
    select: { id: true },
  });
  const token = await startSession({ db, config }, user.id, false, testClient);
  return { id: user.id, email, token, fiscalCode: fiscalCodeOf(firstName, lastName, birthDate ?? '1995-09-01') };
}
