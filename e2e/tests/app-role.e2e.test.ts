// The browser tests' API is the deployed one in this too: it connects to the database as the app role
// (docs/domain.md#ledger), which writes the ledger only through its posting functions.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { type Stack, startStack } from '../src/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack(inject('databaseAdminUrl'));
});
afterAll(() => stack?.stop());

describe('the stack’s API', () => {
  it('reads and writes its database as beach_app', async () => {
    // A sign-in reads the user and writes a session: the API's own connection does it.
    const login = await fetch(`${stack.webUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'utente@demo.beach', password: 'Demo2026!' }),
    });
    expect(login.status).toBe(200);
    const roles = await stack.db.$queryRaw<{ role: string }[]>`
      SELECT DISTINCT usename::text AS role FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY 1`;
    expect(roles.map((row) => row.role)).toContain('beach_app');
  });
});
