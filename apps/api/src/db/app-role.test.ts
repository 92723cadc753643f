// The API's database role (docs/domain.md#ledger): it reads the ledger and writes it only through the
// posting functions, which run as the owner; the app connects as it.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_DATABASE_APP_PASSWORD, loadConfig } from '../config.js';
import { createDeps } from '../runtime.js';
import { useTestDatabase } from '../test/database.js';
import { TEST_ENV } from '../test/env.js';
import { APP_ROLE, appDatabaseUrl } from './app-role.js';

const { url, db } = await useTestDatabase();
const app = new pg.Client({ connectionString: appDatabaseUrl(url, DEV_DATABASE_APP_PASSWORD) });
await app.connect();
afterAll(() => app.end());

const LEDGER_TABLES = ['ledger_accounts', 'ledger_entries', 'ledger_postings'];
const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
const promo = `credit:${member.id}:promo`;
// A hold names the payment row that set it aside (docs/domain.md#holds).
const payment = await db.transaction.create({ data: { kind: 'credit', userId: member.id, amountCents: 300, method: 'card', status: 'pending' } });
const correction = (key: string, cents: number, phase = 'posted') => [
  { key, kind: 'correction', phase, user_id: member.id, transaction_id: phase === 'pending' ? payment.id : null, legs: [
    { account: { key: 'adjustments', kind: 'adjustments' }, amount: cents },
    { account: { key: promo, kind: 'credit_promo', user_id: member.id }, amount: -cents },
  ] },
];
const post = (key: string, cents: number, phase?: string) =>
  app.query<{ id: number; created: boolean }>('SELECT id, created FROM ledger_post($1::jsonb)', [JSON.stringify(correction(key, cents, phase))]);
const promoBalance = async () =>
  (await app.query<{ credits_posted: number; debits_pending: number }>('SELECT credits_posted, debits_pending FROM ledger_accounts WHERE key = $1', [promo])).rows[0];

describe('the app role', () => {
  it('is the role the API and the worker connect as', async () => {
    const deps = createDeps(loadConfig({ ...TEST_ENV, DATABASE_URL: url }));
    try {
      expect(await deps.db.$queryRaw`SELECT current_user AS role`).toEqual([{ role: APP_ROLE }]);
    } finally {
      await deps.db.$disconnect();
    }
  });

  it('cannot UPDATE, DELETE, TRUNCATE or INSERT into any ledger table, nor switch its triggers off', async () => {
    await post('app-role:seen', 700);
    const refused = /permission denied|must be owner/;
    await expect(app.query('UPDATE ledger_accounts SET credits_posted = credits_posted + 10000 WHERE key = $1', [promo])).rejects.toThrow(refused);
    await expect(app.query('UPDATE ledger_accounts SET debits_pending = 0')).rejects.toThrow(refused);
    await expect(app.query('UPDATE ledger_entries SET effective_at = now()')).rejects.toThrow(refused);
    await expect(app.query('UPDATE ledger_postings SET amount_cents = amount_cents * 2')).rejects.toThrow(refused);
    for (const table of LEDGER_TABLES) {
      await expect(app.query(`DELETE FROM ${table}`)).rejects.toThrow(refused);
      await expect(app.query(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(refused);
      await expect(app.query(`ALTER TABLE ${table} DISABLE TRIGGER ALL`)).rejects.toThrow(refused);
    }
    const [entry] = (await app.query<{ id: number }>("SELECT id FROM ledger_entries WHERE key = 'app-role:seen'")).rows;
    const [account] = (await app.query<{ id: number }>("SELECT id FROM ledger_accounts WHERE key = 'adjustments'")).rows;
    await expect(app.query("INSERT INTO ledger_postings (entry_id, account_id, amount_cents, phase) VALUES ($1, $2, 100, 'posted')", [entry!.id, account!.id])).rejects.toThrow(refused);
    await expect(app.query("INSERT INTO ledger_entries (key, kind) VALUES ('app-role:raw', 'correction')")).rejects.toThrow(refused);
    await expect(app.query("INSERT INTO ledger_accounts (key, kind, keeps_balance) VALUES ('app-role:raw', 'bank', false)")).rejects.toThrow(refused);
    // Changing `kind` (granted only so writers can lock an account's row) is refused by the ledger itself.
    await expect(app.query('UPDATE ledger_accounts SET kind = kind WHERE key = $1', [promo])).rejects.toThrow(/cannot be changed/);
    expect(await promoBalance()).toEqual({ credits_posted: 700, debits_pending: 0 });
  });

  it('writes no ledger table, present or made later by a migration, other than through the posting functions', async () => {
    const { rows } = await app.query<{ table: string; writes: boolean }>(`
      SELECT c.relname AS table, has_table_privilege($1, c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE') AS writes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname LIKE 'ledger\\_%' ORDER BY 1`, [APP_ROLE]);
    expect(rows.map((row) => row.table)).toEqual(expect.arrayContaining(LEDGER_TABLES));
    expect(rows.filter((row) => row.writes)).toEqual([]);
    // Only `kind`, for row locks: no balance column.
    const { rows: columns } = await app.query<{ column: string }>(`
      SELECT column_name AS column FROM information_schema.column_privileges
      WHERE grantee = $1 AND privilege_type = 'UPDATE' AND table_name LIKE 'ledger\\_%'`, [APP_ROLE]);
    expect(columns).toEqual([{ column: 'kind' }]);
  });

  it('posts and resolves through the functions, which run as the owner with a fixed search_path; the trigger moves the balance', async () => {
    const [posted] = (await post('app-role:posted', 1200)).rows;
    expect(posted).toMatchObject({ created: true });
    expect((await post('app-role:posted', 1200)).rows).toEqual([{ id: posted!.id, created: false }]);
    const [pending] = (await post('app-role:pending', -300, 'pending')).rows;
    const { rows: resolved } = await app.query("SELECT phase::text, created FROM ledger_resolve($1::int[], 'void_pending', 'app-role:void')", [[pending!.id]]);
    expect(resolved).toEqual([{ phase: 'void_pending', created: true }]);
    expect(await promoBalance()).toEqual({ credits_posted: 700 + 1200, debits_pending: 0 });

    const { rows: functions } = await app.query<{ name: string; definer: boolean; settings: string[]; owner: string }>(`
      SELECT p.proname AS name, p.prosecdef AS definer, p.proconfig AS settings, pg_get_userbyid(p.proowner) AS owner
      FROM pg_proc p WHERE p.proname IN ('ledger_post', 'ledger_resolve') ORDER BY 1`);
    expect(functions).toEqual([
      { name: 'ledger_post', definer: true, settings: ['search_path=public, pg_temp'], owner: expect.not.stringMatching(APP_ROLE) },
      { name: 'ledger_resolve', definer: true, settings: ['search_path=public, pg_temp'], owner: expect.not.stringMatching(APP_ROLE) },
    ]);
  });

  it('cannot write a carnet’s uses left, even saying the ledger is writing, nor call what moves them', async () => {
    const product = await db.carnetProduct.create({ data: { name: 'Carnet ruolo', uses: 3, priceCents: 3000, validFrom: new Date('2026-01-01'), validUntil: new Date('2026-12-31') } });
    const carnet = await db.carnet.create({ data: { userId: member.id, productId: product.id, usesTotal: 3, usesLeft: 3, validFrom: product.validFrom, validUntil: product.validUntil } });
    await app.query('BEGIN');
    try {
      await app.query("SELECT set_config('beach.ledger_writing', 'on', true)");
      await expect(app.query('UPDATE carnets SET uses_left = 2 WHERE id = $1', [carnet.id])).rejects.toThrow(/kept by its ledger entries/);
    } finally {
      await app.query('ROLLBACK');
    }
    for (const call of ["SELECT ledger_derive('{}'::int[], true, true)", "SELECT ledger_carnet_uses('{}'::int[])", "SELECT ledger_share_paid('{}'::int[])"]) {
      await expect(app.query(call)).rejects.toThrow(/permission denied/);
    }
    expect((await db.carnet.findUniqueOrThrow({ where: { id: carnet.id } })).usesLeft).toBe(3);
  });

  it('locks the accounts it spends from, and writes the other tables, the job queue and tables made later', async () => {
    await app.query('BEGIN');
    await expect(app.query('SELECT id FROM ledger_accounts WHERE key = $1 FOR UPDATE', [promo])).resolves.toMatchObject({ rowCount: 1 });
    await app.query('ROLLBACK');
    await expect(app.query("UPDATE users SET first_name = first_name WHERE id = $1", [member.id])).resolves.toMatchObject({ rowCount: 1 });
    await db.$executeRawUnsafe('CREATE TABLE app_role_later (id serial PRIMARY KEY, note text)');
    await expect(app.query("INSERT INTO app_role_later (note) VALUES ('made by a later migration')")).resolves.toMatchObject({ rowCount: 1 });
    const { rows } = await app.query<{ job: boolean; schedule: boolean; migrations: boolean }>(`
      SELECT has_table_privilege('pgboss.job', 'INSERT, UPDATE, DELETE') AS job, has_table_privilege('pgboss.schedule', 'SELECT') AS schedule,
        has_table_privilege('schema_migrations', 'INSERT, UPDATE, DELETE') AS migrations`);
    expect(rows).toEqual([{ job: true, schedule: true, migrations: false }]);
  });
});
