// Members made straight in the database (one bcrypt hash for all, so many are cheap), logged in
// through the API, with a valid fiscal code computed from their birth data.
import codiceFiscale from 'codice-fiscale-js';
import request from 'supertest';
import type { Express } from 'express';
import { DEMO_PASSWORD } from '../db/seed-data.js';
import type { Db } from '../lib/db.js';
import { hashPassword } from '../lib/passwords.js';
import { TEST_BCRYPT_COST } from './env.js';
import { fromIsoDate } from '../lib/time.js';
import { fiscalCodeFor } from '../modules/memberships/index.js';

export const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };

let sharedHash: Promise<string> | null = null;
let counter = 0;

export interface TestMember {
  id: number;
  email: string;
  token: string;
  fiscalCode: string;
}

export const fiscalCodeOf = (firstName: string, lastName: string, birthDate: string, gender: 'M' | 'F' = 'F') => fiscalCodeFor({ firstName, lastName, gender, birthDate });

export async function createMember(app: Express, db: Db, { birthDate = '1995-09-01' as string | null, firstName = 'Giulia', lastName = 'Bianchi' } = {}): Promise<TestMember> {
  sharedHash ??= hashPassword(DEMO_PASSWORD, TEST_BCRYPT_COST);
  const email = `socio.${Date.now()}.${++counter}@esempio.it`;
  const user = await db.user.create({
    data: { firstName, lastName, email, birthDate: birthDate ? fromIsoDate(birthDate) : null, passwordHash: await sharedHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() },
  });
  const login = await request(app).post('/api/auth/login').send({ email, password: DEMO_PASSWORD, remember: false }).expect(200);
  return { id: user.id, email, token: login.body.access_token as string, fiscalCode: fiscalCodeOf(firstName, lastName, birthDate ?? '1995-09-01') };
}
