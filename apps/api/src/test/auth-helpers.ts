import request from 'supertest';
import type { Express } from 'express';
import { beforeAll } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed-data.js';

/** Logs in through the API and returns the access token. */
export async function loginAs(app: Express, email: string, { password = DEMO_PASSWORD, remember = false } = {}): Promise<string> {
  const response = await request(app).post('/api/auth/login').send({ email, password, remember }).expect(200);
  return response.body.access_token as string;
}

export const DEMO = { admin: 'admin@demo.beach', staff: 'staff@demo.beach', user: 'utente@demo.beach' } as const;

/** The demo admin's and staff member's tokens, signed in once before the file's tests. */
export function useBackOfficeLogins(app: Express): { admin: string; staff: string } {
  const logins = { admin: '', staff: '' };
  beforeAll(async () => {
    [logins.admin, logins.staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  });
  return logins;
}
