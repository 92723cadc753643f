import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/database.js';
import { accounts } from './accounts.js';
import { credit, debit, type Entry, post, postMany } from './ledger.js';

const { db } = await useTestDatabase();

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/** A booking charged: its receivable is a new account. */
const charge = (bookingId: number): Entry => ({
  key: `scale:${bookingId}:charge`,
  kind: 'charge',
  bookingId,
  legs: [debit(accounts.booking(bookingId), 2000), credit(accounts.billed, 2000)],
});

/** The same booking paid at the desk. */
const paid = (bookingId: number): Entry => ({
  key: `scale:${bookingId}:payment`,
  kind: 'payment',
  bookingId,
  legs: [debit(accounts.till('cash'), 2000), credit(accounts.booking(bookingId), 2000), debit(accounts.billed, 2000), credit(accounts.revenue('booking'), 2000)],
});

/** How the current transaction read the ledger's tables: whole-table reads, and rows fetched through an index. */
const reads = (tx: Tx) =>
  tx.$queryRaw<{ table: string; wholeTable: number; byIndex: number }[]>`
    SELECT relname AS table, seq_scan::int AS "wholeTable", coalesce(idx_tup_fetch, 0)::int AS "byIndex" FROM pg_stat_xact_user_tables
    WHERE relname IN ('ledger_accounts', 'ledger_entries', 'ledger_postings') ORDER BY relname`;

/**
 * A charge, its payment and the payment's replay, in one transaction: what the ledger's tables were read for.
 * Counted as the difference within the transaction: the view also holds the connection's reads of earlier
 * transactions whose counts were not yet handed to the statistics (the growth's batches of a thousand).
 */
async function chargePayAndReplay(bookingId: number) {
  return db.$transaction(async (tx) => {
    const before = await reads(tx);
    await post(tx, charge(bookingId));
    await post(tx, paid(bookingId));
    expect(await post(tx, paid(bookingId))).toEqual({ id: expect.any(Number), created: false });
    return (await reads(tx)).map(({ table, wholeTable, byIndex }) => {
      const earlier = before.find((row) => row.table === table);
      return { table, wholeTable: wholeTable - (earlier?.wholeTable ?? 0), byIndex: byIndex - (earlier?.byIndex ?? 0) };
    });
  });
}

// What a posting costs must not grow with the ledger: it finds each account, entry and posting it needs
// through its index, whatever the planner believes of the tables' size (docs/domain.md#ledger).
describe('posting, as the ledger grows', () => {
  it('reads accounts, entries and postings only through their indexes on a ledger it believes empty', async () => {
    for (const { wholeTable } of await chargePayAndReplay(800_001)) expect(wholeTable).toBe(0);
  });

  it('reads the same few rows after the ledger has grown by thousands of accounts, analyzed or not', async () => {
    for (let from = 900_001; from < 904_001; from += 1000) await postMany(db, Array.from({ length: 1000 }, (_, i) => charge(from + i)));
    const stale = await chargePayAndReplay(904_001);
    await db.$executeRaw`ANALYZE ledger_accounts, ledger_entries, ledger_postings`;
    const analyzed = await chargePayAndReplay(904_002);
    for (const seen of [stale, analyzed]) {
      for (const { table, wholeTable, byIndex } of seen) {
        expect({ table, wholeTable }).toEqual({ table, wholeTable: 0 });
        // Three calls of up to four legs: a few dozen rows, not the ledger's thousands.
        expect(byIndex).toBeLessThan(60);
      }
    }
    const [receivable] = await db.$queryRaw<{ owed: number }[]>`SELECT debits_posted - credits_posted AS owed FROM ledger_accounts WHERE key = 'booking:904002'`;
    expect(receivable).toEqual({ owed: 0 });
  });
});
