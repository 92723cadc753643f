// The day's availability grid (GET /api/bookings/availability) with 100,000 bookings over three seasons. First the
// endpoint against the database alone, in turns: each request of the grid, then the very statement the endpoint sends
// for the day (the same text, prepared, over a pool as the API's), twice over 1,000 turns after 100 of warm-up, so the
// two rounds' ratios show whether the machine was quiet enough to trust them; the five reads of the earlier sessions
// are timed too, for their figures. Then a sustained load with autocannon (50 connections); then the booking rush of
// 9:00, when the day 14 days ahead opens: 200 members read that day's grid and book the same slot, all at once.
// Targets: p95 ≤ 1.5× raw SQL (issue 51); ≥ 200 requests/s with p99 ≤ 300 ms and no errors under load; in the rush
// every grid read answers, exactly one member gets the slot (199 get the 409, none a 5xx), and every
// member's grid then shows it as theirs or taken.
// Run: pnpm bench:availability   (LOAD_SECONDS=10 shortens the load, RUNS=200 the turns)
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pg from 'pg';
import { dayStatement } from '@beach/api/testing';
import { jsonClient, percentiles, timeSideBySide } from './lib/api-server.js';
import { book, oneWinner, rushMembers } from './lib/members-rush.js';
import { fillSeasons, SEASON_BOOKINGS } from './lib/season-bookings.js';
import { startBenchApiWithStripe } from './lib/stripe-api.js';

const RUNS = Number(process.env.RUNS ?? 1000);
const RUSH_MEMBERS = 200;
const WARM_UP = 100;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const year = new Date().getUTCFullYear();
const DAY = `${year}-07-15`;

// Online payments on (the local Stripe double), so that the rush's members can book.
const api = await startBenchApiWithStripe({ WORKERS: 'off' });
// A pool, so the raw reads run as the endpoint's do.
const client = new pg.Pool({ connectionString: api.databaseUrl, max: 5 });
console.log(`Dati: ${SEASON_BOOKINGS} prenotazioni su 3 stagioni (${year - 1}–${year + 1}), 21 campi, fasce da 1h30…`);
const started = performance.now();
await fillSeasons(client, year);
console.log(`  pronti in ${((performance.now() - started) / 1000).toFixed(1)} s; giorno misurato: ${DAY}`);
const headers = await api.login('utente@demo.beach');

/** The endpoint's own statement for the day, prepared once per connection as the endpoint's is (readRows). */
async function sameStatement() {
  const [sql, name] = dayStatement({ date: DAY }, new Date());
  await client.query({ name, text: sql.text, values: sql.values });
}

/** The five reads the earlier sessions held the endpoint to: settings, bookable courts, live bookings, closures, prices, side by side. */
async function fiveReads() {
  const dayStart = `${DAY} 00:00 Europe/Rome`;
  await Promise.all([
    client.query('SELECT * FROM settings WHERE id = 1'),
    client.query('SELECT * FROM courts WHERE is_bookable ORDER BY "row", position'),
    client.query(
      `SELECT court_id, starts_at, ends_at, user_id FROM bookings
       WHERE tstzrange(starts_at, ends_at, '[)') && tstzrange($1::timestamptz, $1::timestamptz + interval '1 day', '[)')
         AND (status = 'confirmed' OR (status = 'pending_payment' AND (hold_expires_at IS NULL OR hold_expires_at > now())))`,
      [dayStart],
    ),
    client.query(`SELECT court_id, starts_at, ends_at FROM court_closures WHERE starts_at < $1::timestamptz + interval '1 day' AND ends_at > $1::timestamptz`, [dayStart]),
    client.query(`SELECT * FROM price_list_entries WHERE year = (SELECT max(year) FROM price_list_entries WHERE year <= $1)`, [year]),
  ]);
}

const url = `${api.url}/api/bookings/availability?date=${DAY}`;
let taken = 0;
const timedClient = jsonClient(headers);
async function gridRequest() {
  const { status, body } = await timedClient.get<{ courts: { cells: { state: string }[] }[] }>(url);
  if (status !== 200) throw new Error(`availability: ${status}`);
  taken = body.courts.flatMap((court) => court.cells).filter((cell) => cell.state !== 'free').length;
}

/** One round in turns; the CPU of this process (the API and its client) per request pair, the figure a busy machine distorts least. */
async function round(label: string, raw: () => Promise<void>) {
  const cpuBefore = process.cpuUsage();
  const { api: viaApi, sql: viaSql } = await timeSideBySide(gridRequest, raw, { warmUp: WARM_UP, runs: RUNS });
  const cpu = process.cpuUsage(cpuBefore);
  const ratio = viaApi.p95 / viaSql.p95;
  console.log(`${label.padEnd(40)} API p50 ${viaApi.p50}  p95 ${viaApi.p95}  |  SQL p50 ${viaSql.p50}  p95 ${viaSql.p95}  |  rapporto p95 ${ratio.toFixed(2)}x, p50 ${(viaApi.p50 / viaSql.p50).toFixed(2)}x  |  CPU per coppia ${((cpu.user + cpu.system) / 1000 / (WARM_UP + RUNS)).toFixed(2)} ms`);
  return ratio;
}

console.log(`\n${RUNS} richieste per giro (dopo ${WARM_UP} di riscaldamento), in turni con l'SQL, millisecondi:`);
const ratios = [await round('1. la stessa istruzione, preparata', sameStatement), await round('2. la stessa istruzione, preparata', sameStatement)];
await round('3. le cinque letture (sessioni prima)', fiveReads);
timedClient.close();
const spread = Math.abs(ratios[0]! - ratios[1]!) / Math.min(...ratios);
console.log(`celle non libere nella risposta: ${taken}`);
console.log(`rapporto p95 rispetto alla stessa istruzione: ${ratios.map((ratio) => ratio.toFixed(2)).join(' e ')}x (obiettivo ≤ 1,5x); scarto fra i due giri ${(spread * 100).toFixed(0)} %${spread > 0.05 ? ': oltre il 5 %, macchina non abbastanza quieta per fidarsi del rapporto' : ''}`);

console.log(`\nCarico: autocannon in un processo a parte, 50 connessioni, ${LOAD_SECONDS} s…`);
// The load comes from a process of its own, as real clients do: in this process it would take the
// API's event loop for itself and the figures would measure the load generator too.
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['--headers', `${name}=${value}`]);
// The API's CPU per request (it runs in this process): the figure a busy machine distorts least.
const cpuBefore = process.cpuUsage();
const { stdout } = await promisify(execFile)(process.execPath, [autocannonCli, '--json', '--connections', '50', '--duration', String(LOAD_SECONDS), ...headerArgs, url], { maxBuffer: 16 * 1024 * 1024 });
const load = JSON.parse(stdout) as { requests: { average: number; total: number }; latency: { p99: number }; errors: number; timeouts: number; non2xx: number };
const cpu = process.cpuUsage(cpuBefore);
console.log(`richieste/s: ${load.requests.average}  p99: ${load.latency.p99} ms  errori: ${load.errors}  timeout: ${load.timeouts}  non 2xx: ${load.non2xx}`);
console.log(`CPU dell'API per richiesta: ${((cpu.user + cpu.system) / 1000 / load.requests.total).toFixed(2)} ms`);

const loadFailed = load.errors + load.timeouts + load.non2xx > 0;

// The rush: the day that opens has no bookings yet; every member asks for its grid and books C3 at 18:00
// in the same instant, so grid reads and booking writes meet in the database. Then each member's grid
// shows the slot as theirs (the winner) or taken (everyone else).
const { court, tokens } = await rushMembers(api, RUSH_MEMBERS);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const opening = new Date(Date.parse(`${today}T12:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
await client.query(`UPDATE bookings SET status = 'cancelled' WHERE starts_at < ($1 || ' 00:00 Europe/Rome')::timestamptz + interval '1 day' AND ends_at > ($1 || ' 00:00 Europe/Rome')::timestamptz`, [opening]);
// What those cancelled bookings still owed is written off, as a cancellation does (the ledger's history function).
await client.query('SELECT ledger_post_history()');
console.log(`\nRush: ${RUSH_MEMBERS} soci aprono la griglia del ${opening} e prenotano C3 alle 18:00 nello stesso momento…`);
const gridTimes: number[] = [];
let gridFailures = 0;
const readGrid = async (token: string) => {
  const started = performance.now();
  const response = await fetch(`${api.url}/api/bookings/availability?date=${opening}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = response.ok ? ((await response.json()) as { courts: { id: number; cells: { start: string; state: string }[] }[] }) : null;
  gridTimes.push(performance.now() - started);
  if (!body) gridFailures++;
  return body?.courts.find((row) => row.id === court)?.cells.find((cell) => cell.start === '18:00')?.state;
};
const rushStarted = performance.now();
const answers = await Promise.all(tokens.map(async (token) => (await Promise.all([book(api.url, token, { court_id: court, date: opening, start: '18:00', slots: 1 }), readGrid(token)]))[0]));
const rushElapsed = performance.now() - rushStarted;
const rush = oneWinner(answers);
const grid = percentiles(gridTimes);
const seen = await Promise.all(tokens.map(readGrid));
const seenRight = seen.filter((state, index) => state === (answers[index]!.status === 201 ? 'mine' : 'taken')).length;
console.log(`in ${(rushElapsed / 1000).toFixed(2)} s; griglia p50 ${grid.p50} ms  p95 ${grid.p95} ms  errori ${gridFailures}`);
console.log(`prenotazioni: successi ${rush.successes}  409 ${rush.conflicts}  5xx ${rush.serverErrors}  altro ${rush.other}  ${rush.ok && gridFailures === 0 ? 'OK: 1 / 199 / 0' : 'ATTESO: 1 / 199 / 0 e nessun errore della griglia'}`);
console.log(`dopo: la griglia di ${seenRight} soci su ${RUSH_MEMBERS} mostra C3 alle 18:00 come loro (il vincitore) o occupato (gli altri)`);

await client.end();
await api.stop();
if (loadFailed || !rush.ok || gridFailures > 0 || seenRight !== RUSH_MEMBERS) process.exitCode = 1;
