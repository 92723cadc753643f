// The front desk's reads with 100,000 bookings over three seasons (a third paid): the day planner
// (GET /api/admin/bookings/planner, 210 bookings on a busy day, each with its customer and money) and a
// week of the list filtered by payment state (GET /api/admin/bookings). p50/p95 of 200 requests each.
// Run: pnpm bench:planner
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchApi, timeRuns } from './lib/api-server.js';
import { fillSeasons, SEASON_BOOKINGS } from './lib/season-bookings.js';

const RUNS = 200;
const WARM_UP = 20;
const year = new Date().getUTCFullYear();
const DAY = `${year}-07-15`;

const api = await startBenchApi({ WORKERS: 'off' });
const client = new pg.Pool({ connectionString: api.databaseUrl, max: 5 });
console.log(`Dati: ${SEASON_BOOKINGS} prenotazioni su 3 stagioni (${year - 1}–${year + 1}), un terzo pagate…`);
const started = performance.now();
await fillSeasons(client, year);
console.log(`  pronti in ${((performance.now() - started) / 1000).toFixed(1)} s; giorno misurato: ${DAY}`);
const headers = await api.login('staff@demo.beach');

async function timed(path: string, count: (body: never) => number) {
  let rows = 0;
  const figures = await timeRuns(
    async () => {
      const response = await fetch(`${api.url}${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      rows = count((await response.json()) as never);
    },
    { warmUp: WARM_UP, runs: RUNS },
  );
  return { ...figures, rows };
}

const planner = await timed(`/api/admin/bookings/planner?date=${DAY}`, (body: { bookings: unknown[] }) => body.bookings.length);
const week = `date_from=${DAY}&date_to=${year}-07-21`;
const unpaid = await timed(`/api/admin/bookings?${week}&payment=unpaid`, (body: { total: number }) => body.total);
const search = await timed(`/api/admin/bookings?${week}&search=utente`, (body: { total: number }) => body.total);

console.log(`\n${RUNS} richieste ciascuna (dopo ${WARM_UP} di riscaldamento), millisecondi`);
console.log(`planner del giorno (${planner.rows} prenotazioni)      p50 ${planner.p50}  p95 ${planner.p95}`);
console.log(`elenco settimana, da pagare (${unpaid.rows} in tutto, 25 per pagina)  p50 ${unpaid.p50}  p95 ${unpaid.p95}`);
console.log(`elenco settimana, ricerca cliente (${search.rows} in tutto)  p50 ${search.p50}  p95 ${search.p95}`);

await client.end();
await api.stop();
