// 200 members press "Prenota e paga" on the same court and slot at the same moment: exactly one gets
// it, 199 get the 409 message, none a 5xx — the database's exclusion constraint decides.
// Run: pnpm bench:booking-race
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { startBenchApiWithStripe } from './lib/stripe-api.js';

const MEMBERS = 200;
const PASSWORD = 'Bench2026!';

const api = await startBenchApiWithStripe({ WORKERS: 'off' });
const client = new pg.Client({ connectionString: api.databaseUrl });
await client.connect();
// A cheap hash (cost 4) so that 200 logins take seconds, not a minute; the API checks it the same way.
const hash = await bcrypt.hash(PASSWORD, 4);
await client.query(
  `INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at)
   SELECT 'Socio', 'Gara' || i, 'gara' || i || '@esempio.it', $1, now() FROM generate_series(1, ${MEMBERS}) i`,
  [hash],
);
await client.query("UPDATE settings SET season_start = '01-01', season_end = '12-31'");
const court = (await client.query("SELECT id FROM courts WHERE code = 'C3'")).rows[0].id as number;
await client.end();

const tokens = await Promise.all(
  Array.from({ length: MEMBERS }, async (_, index) => {
    const response = await fetch(`${api.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `gara${index + 1}@esempio.it`, password: PASSWORD }) });
    if (!response.ok) throw new Error(`login ${index + 1}: ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }),
);
const tomorrow = new Date(Date.parse(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()) + 'T12:00:00Z') + 86_400_000).toISOString().slice(0, 10);
const body = JSON.stringify({ court_id: court, date: tomorrow, start: '18:00', slots: 1 });

const started = performance.now();
const statuses = await Promise.all(
  tokens.map(async (token) => {
    const response = await fetch(`${api.url}/api/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body });
    const answer = (await response.json()) as { message?: string };
    return { status: response.status, message: answer.message };
  }),
);
const elapsed = performance.now() - started;
const count = (test: (status: number) => boolean) => statuses.filter(({ status }) => test(status)).length;
const successes = count((status) => status === 201);
const conflicts = statuses.filter(({ status, message }) => status === 409 && message === 'Questo orario è appena stato prenotato da un altro utente.').length;
const serverErrors = count((status) => status >= 500);
const other = statuses.length - successes - conflicts - serverErrors;
console.log(`${MEMBERS} richieste simultanee per C3 alle 18:00 di domani, in ${(elapsed / 1000).toFixed(2)} s`);
console.log(`successi: ${successes}  409: ${conflicts}  5xx: ${serverErrors}  altro: ${other}`);
console.log(successes === 1 && conflicts === MEMBERS - 1 && serverErrors === 0 ? 'OK: esattamente 1 / 199 / 0' : 'ATTESO: 1 / 199 / 0');
await api.stop();
if (successes !== 1 || conflicts !== MEMBERS - 1 || serverErrors !== 0) process.exitCode = 1;
