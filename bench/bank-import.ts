// Bank statement import: a year of CAMT.053 statements (50,000 booked lines, one file a month: transfers
// received, suppliers paid, card settlements, fees) through POST /api/admin/bank/statements — read, stored
// and matched — next to COPY of the same lines into a bare table through pg-copy-streams: the floor for getting
// these rows into PostgreSQL. The year matches as a club's would (docs/annual-accounts.md#matching): Stripe's 52
// weekly payouts (on the test double, asked by the matching), transfers paying members' cards by their RF
// reference (read from the desk's print of what each owes), transfers of a card's price from its payer's name
// alone (proposed); the rest from nobody the centre knows or to suppliers. All of it made before the clock starts.
// Beside the wall time, what a busy machine distorts least: the CPU per line of the API (it runs in this
// process, with the client's few requests) and of PostgreSQL (its server and backends, from /proc).
// Run: pnpm bench:bank-import
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { camt053 } from '@beach/api/testing';
import { startStripeDouble } from '@beach/stripe-double';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { startBenchApi } from './lib/api-server.js';
import { seedCardsOwed, weeklyPayouts, type CardOwed } from './lib/bank-payers.js';
import { postgresCpu } from './lib/postgres-cpu.js';

const LINES = Number(process.env.BANK_BENCH_LINES ?? 50_000);
/** Cards paid by a transfer carrying their reference, and cards whose transfer names only the payer. */
const REFERENCED = 300;
const NAMED = 100;
const YEAR = 2025;
const IBAN = 'IT60X0542811101000000123456';
const PAYERS = ['ROSSI MARIO', 'BIANCHI GIULIA', 'FERRARI LUCA', 'ESPOSITO SARA', 'ROMANO ANDREA', 'COLOMBO CHIARA', 'RICCI MATTEO', 'MARINO ELENA'];
const SUPPLIERS = ['SPORT FORNITURE SPA', 'HERA COMM SPA', 'SABBIA ADRIATICA SRL', 'PULIZIE RIVIERA SNC', 'COMUNE DI CATTOLICA'];

interface Line {
  bankRef: string;
  on: string;
  cents: number;
  counterparty: string;
  remittance: string;
  reference?: string;
}

/** The year's lines, spread over its days: most are unknown payers, then suppliers, card settlements and fees. */
function yearOfLines(): Line[] {
  const days = Array.from({ length: 365 }, (_, index) => new Date(Date.UTC(YEAR, 0, 1 + index)).toISOString().slice(0, 10));
  return Array.from({ length: LINES }, (_, index) => {
    const on = days[Math.floor((index * days.length) / LINES)]!;
    const kind = index % 20;
    const bankRef = `Y${YEAR}-${String(index).padStart(6, '0')}`;
    if (kind < 11) return { bankRef, on, cents: 1500 + (index % 97) * 100, counterparty: `${PAYERS[index % PAYERS.length]} ${index}`, remittance: `Quota corso ${index}` };
    if (kind < 17) return { bankRef, on, cents: -(2000 + (index % 113) * 150), counterparty: SUPPLIERS[index % SUPPLIERS.length]!, remittance: `Fattura ${index}` };
    if (kind < 19) return { bankRef, on, cents: 4000 + (index % 53) * 10, counterparty: 'NEXI PAYMENTS SPA', remittance: `Accredito POS ${on}` };
    return { bankRef, on, cents: -(50 + (index % 7) * 10), counterparty: '', remittance: 'COMMISSIONI BONIFICO' };
  });
}

/** Line `index`, or the first free one after it, replaced by what `make` gives for its day. */
function place(lines: Line[], taken: Set<number>, index: number, make: (on: string) => Omit<Line, 'bankRef' | 'on'>) {
  let at = index;
  while (taken.has(at)) at += 1;
  taken.add(at);
  lines[at] = { ...lines[at]!, ...make(lines[at]!.on) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const stripe = await startStripeDouble({ webhookSecret: 'whsec_bench_double', autoDeliver: false });
const api = await startBenchApi({ STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: 'whsec_bench_double', STRIPE_API_BASE: stripe.url, WORKERS: 'off', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
const headers = await api.login('admin@demo.beach');
const account = await fetch(`${api.url}/api/admin/bank/account`, { method: 'PUT', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ iban: IBAN, holder: 'ASD Bench' }) });
if (!account.ok) throw new Error(`account: ${account.status}`);

// What the year can match: the cards owed, each referenced one's RF reference as the desk prints it, the payouts.
const cards = await seedCardsOwed(api.databaseUrl, REFERENCED + NAMED);
const referenceOf = async (card: CardOwed) => {
  const response = await fetch(`${api.url}/api/admin/users/${card.userId}/amounts-due`, { headers });
  const print = (await response.json()) as { items: { amount: string; transfer: { reference: string } | null }[] };
  const item = print.items.length === 1 ? print.items[0]! : null;
  if (!response.ok || !item?.transfer || Math.round(Number(item.amount) * 100) !== card.cents) throw new Error(`amounts due of ${card.userId}: ${response.status} ${JSON.stringify(print)}`);
  return item.transfer.reference;
};
const references = await Promise.all(cards.slice(0, REFERENCED).map(referenceOf));
const lines = yearOfLines();
const taken = new Set<number>();
const wednesdays = Array.from({ length: 52 }, (_, week) => Math.ceil((7 * week * LINES) / 365) + 1);
const payouts = weeklyPayouts(stripe, wednesdays.map((index) => lines[index]!.on));
for (const [week, index] of wednesdays.entries()) place(lines, taken, index, () => ({ cents: payouts[week]!.amount, counterparty: 'STRIPE PAYMENTS EUROPE LTD', remittance: `STRIPE PAYOUT ${payouts[week]!.id}` }));
for (const [number, card] of cards.entries()) {
  const referenced = number < REFERENCED;
  const index = Math.floor(((referenced ? number + 0.5 : number - REFERENCED + 0.25) * LINES) / (referenced ? REFERENCED : NAMED));
  place(lines, taken, index, () => ({ cents: card.cents, counterparty: card.counterparty, remittance: 'Tessera stagionale', ...(referenced ? { reference: references[number]! } : {}) }));
}

const months = Array.from({ length: 12 }, (_, month) => lines.filter((line) => Number(line.on.slice(5, 7)) === month + 1));
let opening = 5_000_000;
const files = months.map((monthLines, month) => {
  const from = `${YEAR}-${String(month + 1).padStart(2, '0')}-01`;
  const xml = camt053({ iban: IBAN, id: `BENCH-${month + 1}`, openingCents: opening, from, to: monthLines.at(-1)!.on, lines: monthLines });
  opening += monthLines.reduce((sum, line) => sum + line.cents, 0);
  return Buffer.from(xml);
});
console.log(`Estratti: ${files.length} file CAMT.053, ${lines.length} movimenti, ${(files.reduce((sum, file) => sum + file.length, 0) / 1024 / 1024).toFixed(1)} MB`);
console.log(`Da abbinare: ${payouts.length} accrediti Stripe, ${REFERENCED} bonifici con riferimento RF; da proporre: ${NAMED} bonifici col solo nome del socio`);

const client = new pg.Client({ connectionString: api.databaseUrl });
await client.connect();
const databaseCpu = await postgresCpu(client);

const totals = { added: 0, matched: 0, proposed: 0 };
const before = { api: process.cpuUsage(), database: databaseCpu() };
const started = performance.now();
for (const [index, file] of files.entries()) {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'application/xml' }), `estratto-${index + 1}.xml`);
  const response = await fetch(`${api.url}/api/admin/bank/statements`, { method: 'POST', headers, body: form });
  const body = (await response.json()) as { lines_added: number; matched: number; proposed: number };
  if (!response.ok) throw new Error(`import ${index + 1}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  totals.added += body.lines_added;
  totals.matched += body.matched;
  totals.proposed += body.proposed;
}
const importElapsed = performance.now() - started;
const apiCpu = process.cpuUsage(before.api);
const postgresMs = databaseCpu() - before.database;
console.log(`Importazione e abbinamento via API:  ${seconds(importElapsed)}  → ${totals.added} movimenti, ${totals.matched} abbinati, ${totals.proposed} proposti`);
if (totals.added !== lines.length || totals.matched !== payouts.length + REFERENCED || totals.proposed !== NAMED) {
  throw new Error(`expected ${lines.length} lines, ${payouts.length + REFERENCED} matched and ${NAMED} proposed: the matching did not find what the year holds`);
}
const perLine = (ms: number) => `${((ms * 1000) / lines.length).toFixed(0)} µs`;
console.log(`CPU per movimento: API ${perLine((apiCpu.user + apiCpu.system) / 1000)}, PostgreSQL ${perLine(postgresMs)}`);

// The same lines into a bare table with COPY.
await client.query('CREATE TABLE bank_copy (bank_ref text, booked_on date, amount_cents int, counterparty text, remittance text)');
const csv = lines.map((line) => [line.bankRef, line.on, line.cents, `"${line.counterparty}"`, `"${line.remittance}"`].join(',')).join('\n') + '\n';
const copyStarted = performance.now();
await pipeline(Readable.from([csv]), client.query(copyFrom('COPY bank_copy FROM STDIN WITH (FORMAT csv)')));
const copyElapsed = performance.now() - copyStarted;
const copied = (await client.query('SELECT count(*)::int AS n FROM bank_copy')).rows[0].n as number;
console.log(`COPY in una tabella nuda:            ${seconds(copyElapsed)}  → ${copied} righe`);
console.log(`Rapporto importazione / COPY: ${(importElapsed / copyElapsed).toFixed(1)}x`);

await client.end();
await api.stop();
await stripe.close();
