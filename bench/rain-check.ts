// The rain check over 500 bookings of one day (50 extra lit courts beside the seeded ones, so a day holds
// them), paid online, at the desk, with credit, not yet paid, and walk-ins, each member with one booking:
// the time to cancel them all, the time until the last e-mail, and the e-mails' pace at the SMTP server
// against the configured rate. Target: every booking done once, one e-mail per member, never above the rate.
// Run: pnpm bench:rain-check (MAIL_RATE_PER_SECOND, default 50).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { accounts, credit, debit, type Entry, postMany, startMailCatcher } from '@beach/api/testing';
import { startBenchApi } from './lib/api-server.js';

const BOOKINGS = 500;
const RATE = Number(process.env.MAIL_RATE_PER_SECOND ?? 50);
const KINDS = ['online', 'cash', 'credit', 'hold', 'walk-in'] as const;

const mail = await startMailCatcher();
const arrivals: number[] = [];
const originalPush = mail.messages.push.bind(mail.messages);
mail.messages.push = (...items) => {
  for (let i = 0; i < items.length; i++) arrivals.push(performance.now());
  return originalPush(...items);
};
const api = await startBenchApi({ SMTP_URL: mail.url, MAIL_RATE_PER_SECOND: String(RATE) });
const day = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });

// One booking per member, court by court through the day's ten slots; the kind cycles.
const client = new pg.Client({ connectionString: api.databaseUrl });
await client.connect();
await client.query(`INSERT INTO courts (code, name, row, position, purpose, has_lights, is_bookable)
  SELECT 'P' || i, 'Campo P' || i, 'D', 100 + i, 'bookable', true, true FROM generate_series(1, 50) i`);
await client.query(`
  CREATE TEMP TABLE plan AS
  WITH slots AS (SELECT s, ('09:00'::time + (s * interval '90 minutes')) AS starts FROM generate_series(0, 9) s),
       grid AS (SELECT c.id AS court_id, slots.starts, row_number() OVER (ORDER BY slots.s, c.id) AS n
                FROM courts c CROSS JOIN slots WHERE c.purpose <> 'free_use' AND c.has_lights)
  SELECT n, court_id, (($1::date + starts) AT TIME ZONE 'Europe/Rome') AS starts_at, (($1::date + starts + interval '90 minutes') AT TIME ZONE 'Europe/Rome') AS ends_at,
         (ARRAY['online', 'cash', 'credit', 'hold', 'walk-in'])[(n - 1) % 5 + 1] AS kind
  FROM grid WHERE n <= ${BOOKINGS}`, [day]);
const planned = (await client.query<{ count: string }>('SELECT count(*) FROM plan')).rows[0]!.count;
if (Number(planned) !== BOOKINGS) throw new Error(`Only ${planned} slots for ${BOOKINGS} bookings`);
await client.query(`INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at)
  SELECT 'Socio', 'Bagnato' || n, 'bagnato' || n || '@esempio.it', 'x', now() FROM plan WHERE kind <> 'walk-in'`);
await client.query(`
  INSERT INTO bookings (court_id, user_id, customer_name, starts_at, ends_at, status, price_cents, hold_expires_at)
  SELECT p.court_id, u.id, CASE WHEN u.id IS NULL THEN 'Passante ' || p.n END, p.starts_at, p.ends_at,
         CASE WHEN p.kind = 'hold' THEN 'pending_payment' ELSE 'confirmed' END::booking_status, 2000,
         CASE WHEN p.kind = 'hold' THEN now() + interval '1 hour' END
  FROM plan p LEFT JOIN users u ON u.email = 'bagnato' || p.n || '@esempio.it'`);
await client.query(`
  INSERT INTO transactions (kind, type, booking_id, user_id, amount_cents, method, status, paid_at)
  SELECT 'booking', 'payment', b.id, b.user_id, 2000, CASE WHEN p.kind = 'online' THEN 'stripe' ELSE 'cash' END::payment_method, 'completed', now()
  FROM bookings b JOIN plan p ON p.court_id = b.court_id AND p.starts_at = b.starts_at WHERE p.kind IN ('online', 'cash', 'walk-in')`);
// Their books as the application keeps them: every price owed and every payment (the ledger's history
// function), then for the credit bookings credit given by the desk (a correction) and spent on them.
await client.query('SELECT ledger_post_history()');
const { rows: paidWithCredit } = await client.query<{ id: number; userId: number }>(`
  SELECT b.id, b.user_id AS "userId" FROM bookings b JOIN plan p ON p.court_id = b.court_id AND p.starts_at = b.starts_at WHERE p.kind = 'credit' ORDER BY b.id`);
await postMany(
  api.db,
  paidWithCredit.flatMap(({ id, userId }): Entry[] => [
    { key: `bench:gift:${id}`, kind: 'correction', userId, description: 'Ricarica', legs: [debit(accounts.adjustments, 2000), credit(accounts.promo(userId), 2000)] },
    {
      key: `booking:${id}:credit:bench`,
      kind: 'credit_payment',
      bookingId: id,
      userId,
      description: 'Pagamento prenotazione con il credito',
      legs: [debit(accounts.promo(userId), 2000), credit(accounts.booking(id), 2000), debit(accounts.billed, 2000), credit(accounts.revenue('booking'), 2000)],
    },
  ]),
);
const members = BOOKINGS - BOOKINGS / KINDS.length;
// The setup's payments were given receipts; their PDFs are the minute job's work, done before the rain
// comes, not timed with the rain check (it drew on the same CPU).
await api.deps.jobs.send('receipts-write', {});
await api.deps.jobs.waitUntilIdle(120_000);

const headers = { ...(await api.login('staff@demo.beach')), 'Content-Type': 'application/json' };
const started = performance.now();
// The API runs in this process: its CPU until all are cancelled, the figure a busy machine distorts least.
const cpuBefore = process.cpuUsage();
const response = await fetch(`${api.url}/api/admin/rain-checks`, { method: 'POST', headers, body: JSON.stringify({ date: day, from: '09:00', to: '24:00' }) });
if (response.status !== 202) throw new Error(`POST ${response.status}: ${await response.text()}`);
const { id, total } = (await response.json()) as { id: number; total: number };
const accepted = performance.now() - started;
let progress: { status: string; done: number; skipped: number; failed: number; returned: string };
let cancelledAt = 0;
let cancelCpu = { user: 0, system: 0 };
do {
  await new Promise((resolve) => setTimeout(resolve, 100));
  progress = (await (await fetch(`${api.url}/api/admin/rain-checks/${id}`, { headers })).json()) as typeof progress;
  if (!cancelledAt && progress.done + progress.skipped === total) {
    cancelledAt = performance.now();
    cancelCpu = process.cpuUsage(cpuBefore);
  }
} while (progress.status !== 'completed');
const mailsQueued = performance.now();
await api.deps.jobs.waitUntilIdle(120_000);
while (arrivals.length < members && performance.now() - mailsQueued < 60_000) await new Promise((resolve) => setTimeout(resolve, 50));
const finished = arrivals.at(-1) ?? performance.now();

const { rows: [ledger] } = await client.query<{ rain: string; refunds: string; emails: string }>(`SELECT
  (SELECT count(*) FROM ledger_entries WHERE kind = 'rain_credit') AS rain,
  (SELECT count(*) FROM transactions WHERE type = 'refund') AS refunds,
  (SELECT count(*) FROM rain_check_emails WHERE rain_check_id = $1) AS emails`, [id]);
await client.end();

const recipients = new Set(mail.messages.flatMap((message) => [message.to].flat().flatMap((to) => to?.value.map((entry) => entry.address) ?? [])));
const arrivalRate = arrivals.length > 1 ? (arrivals.length - 1) / ((arrivals.at(-1)! - arrivals[0]!) / 1000) : 0;
// The most e-mails that reached the server within any one second.
let peak = 0;
for (let first = 0, last = 0; last < arrivals.length; last++) {
  while (arrivals[last]! - arrivals[first]! >= 1000) first++;
  peak = Math.max(peak, last - first + 1);
}
console.log(`Prenotazioni: ${total} (${KINDS.join(', ')}); annullate ${progress.done}, saltate ${progress.skipped}, non riuscite ${progress.failed}; restituiti ${progress.returned} €`);
console.log(`Risposta alla richiesta (chiusure + elenco + job in coda): ${accepted.toFixed(0)} ms`);
console.log(`Tutte annullate dopo ${((cancelledAt - started) / 1000).toFixed(1)} s (${((cancelledAt - started) / total).toFixed(1)} ms a prenotazione)`);
console.log(`CPU dell'API fino all'ultimo annullamento: ${((cancelCpu.user + cancelCpu.system) / 1000 / total).toFixed(1)} ms a prenotazione`);
console.log(`Crediti per pioggia ${ledger!.rain}, rimborsi in cassa ${ledger!.refunds}, e-mail registrate ${ledger!.emails}`);
console.log(`E-mail arrivate: ${mail.messages.length} a ${recipients.size} soci diversi (attese ${members}, una a socio)`);
console.log(`Ritmo configurato: ${RATE}/s; misurato all'arrivo sul server SMTP: ${arrivalRate.toFixed(2)}/s; massimo in un secondo: ${peak}`);
console.log(`Tempo totale dalla richiesta all'ultima e-mail: ${((finished - started) / 1000).toFixed(1)} s (e-mail attese in ≈ ${(members / RATE).toFixed(1)} s)`);

await api.stop();
await mail.close();
