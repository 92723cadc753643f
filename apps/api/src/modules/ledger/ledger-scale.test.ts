import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/database.js';
import { accounts } from './accounts.js';
import { credit, debit, type Entry, post, postMany } from './ledger.js';

const { db } = await useTestDatabase();

/** A booking charged: its receivable is a new account. */
const charge = (bookingId: number): Entry => ({
  key: `scale:${bookingId}:charge`,
  kind: 'charge',
  bookingId,
  legs: [debit(accounts.booking(bookingId), 2000), credit(accounts.billed, 2000)],
});

/** Whole-table reads of the ledger's tables in the current transaction. */
const fullReads = (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) =>
  tx.$queryRaw<{ table: string; reads: number }[]>`
    SELECT relname AS table, seq_scan::int AS reads FROM pg_stat_xact_user_tables
    WHERE relname IN ('ledger_accounts', 'ledger_entries', 'ledger_postings') AND seq_scan > 0`;

describe('posting on a grown ledger', () => {
  it('reads accounts and entries through their indexes only: an entry, its replay and its balance cost the same however many accounts there are', async () => {
    // Thousands of accounts, as a season makes them.
    for (let from = 900_001; from < 904_001; from += 1000) await postMany(db, Array.from({ length: 1000 }, (_, i) => charge(from + i)));
    // Counted as autovacuum counts them: every plan is then made for the ledger's real size.
    await db.$executeRaw`ANALYZE ledger_accounts, ledger_entries, ledger_postings`;
    const paid: Entry = {
      key: 'scale:900001:payment',
      kind: 'payment',
      bookingId: 900_001,
      legs: [debit(accounts.till('cash'), 2000), credit(accounts.booking(900_001), 2000), debit(accounts.billed, 2000), credit(accounts.revenue('booking'), 2000)],
    };
    const reads = await db.$transaction(async (tx) => {
      await post(tx, paid);
      await post(tx, charge(904_001));
      expect(await post(tx, paid)).toEqual({ id: expect.any(Number), created: false });
      return fullReads(tx);
    });
    expect(reads).toEqual([]);
    const [receivable] = await db.$queryRaw<{ owed: number }[]>`SELECT debits_posted - credits_posted AS owed FROM ledger_accounts WHERE key = 'booking:900001'`;
    expect(receivable).toEqual({ owed: 0 });
  });
});
