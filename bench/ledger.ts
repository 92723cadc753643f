// Posting to the ledger (docs/domain.md#ledger), single-threaded on this machine: entries of a desk payment
// (four postings: the till, the booking's receivable, billed, revenue) and their charges (two), each
// checked to sum to zero and moving the receivable's kept balance in the same statement. Three ways:
// one entry per transaction (what a request does, with its commit flushed to disk), a batch of 100 entries
// per statement (what history and the jobs post), and 8 clients at once, one entry per transaction.
// Prints entries per second and the 99th percentile. The order to beat: 10,000 entries/s single-threaded.
// Run: pnpm bench:ledger
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { accounts, contentHashOf, createDb, credit, debit, type Entry, freePort, migrate, post, postMany, startEmbeddedPostgres } from '@beach/api/testing';

const SINGLE = 3_000;
const BATCHES = 200;
const BATCH = 100;
const RAW_BATCH = 1_000;
const CLIENTS = 8;
const PER_CLIENT = 500;

const dataDir = mkdtempSync(join(tmpdir(), 'beach-bench-ledger-'));
const durable = process.env.LEDGER_BENCH_DURABLE !== 'off';
const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'beach_bench', persistent: false, durable });
await migrate(database.url);
const db = createDb(database.url);

let booking = 0;
/** A booking charged and paid at the desk: two entries, six postings. */
function bookingEntries(): Entry[] {
  const id = ++booking;
  const receivable = accounts.booking(id);
  return [
    { key: `bench:${id}:charge`, kind: 'charge', bookingId: id, legs: [debit(receivable, 2000), credit(accounts.billed, 2000)] },
    {
      key: `bench:${id}:payment`,
      kind: 'payment',
      bookingId: id,
      legs: [debit(accounts.till('cash'), 2000), credit(receivable, 2000), debit(accounts.billed, 2000), credit(accounts.revenue('booking'), 2000)],
    },
  ];
}

/** An entry as the database function reads it, with its content hash as the API sends it. */
const wire = (entry: Entry) => {
  const sent = { key: entry.key, kind: entry.kind, booking_id: entry.bookingId, legs: entry.legs };
  return { ...sent, content_hash: contentHashOf(sent) };
};

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const report = (label: string, entries: number, seconds: number, latencies: number[], unit: string) =>
  console.log(`${label}: ${Math.round(entries / seconds).toLocaleString('it-IT')} registrazioni/s; p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms ${unit}`);

// Warm-up: the accounts made, the plans cached.
for (let i = 0; i < 200; i++) await db.$transaction((tx) => postMany(tx, bookingEntries()));

{
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < SINGLE / 2; i++) {
    for (const entry of bookingEntries()) {
      const at = performance.now();
      await db.$transaction((tx) => post(tx, entry));
      latencies.push(performance.now() - at);
    }
  }
  report('Una registrazione per transazione', SINGLE, (performance.now() - started) / 1000, latencies, 'per registrazione');
}

{
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < BATCHES; i++) {
    const batch = Array.from({ length: BATCH / 2 }, bookingEntries).flat();
    const at = performance.now();
    await db.$transaction((tx) => postMany(tx, batch));
    latencies.push(performance.now() - at);
  }
  report(`Lotti di ${BATCH} in una transazione`, BATCHES * BATCH, (performance.now() - started) / 1000, latencies, 'per lotto');
}

{
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < PER_CLIENT / 2; i++) {
        for (const entry of bookingEntries()) {
          const at = performance.now();
          await db.$transaction((tx) => post(tx, entry));
          latencies.push(performance.now() - at);
        }
      }
    }),
  );
  report(`${CLIENTS} client insieme, una registrazione per transazione`, CLIENTS * PER_CLIENT, (performance.now() - started) / 1000, latencies, 'per registrazione');
}

{
  // The database alone: the same batches sent straight through pg (the API's Prisma client spends about
  // half a millisecond of CPU on each statement, the rest of what the lines above measure).
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < BATCHES; i++) {
    const batch = Array.from({ length: RAW_BATCH / 2 }, bookingEntries).flat().map(wire);
    const at = performance.now();
    await client.query('SELECT count(*) FROM ledger_post($1::jsonb)', [JSON.stringify(batch)]);
    latencies.push(performance.now() - at);
  }
  report(`Solo il database, lotti di ${RAW_BATCH}`, BATCHES * RAW_BATCH, (performance.now() - started) / 1000, latencies, 'per lotto');
  await client.end();
}

const [{ unbalanced }] = await db.$queryRaw<[{ unbalanced: number }]>`
  SELECT count(*)::int AS unbalanced FROM (SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount_cents) <> 0) x`;
console.log(`Registrazioni sbilanciate: ${unbalanced}`);
await db.$disconnect();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });
