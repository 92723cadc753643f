import { describe, expect, it } from 'vitest';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { useTestDatabase } from '../../test/database.js';
import { accounts } from './accounts.js';
import { contentHashOf, type HashedContent } from './content-hash.js';
import { available, balancesOf, credit, debit, KEY_REUSED, lapsedHolds, post, postMany, resolve } from './ledger.js';

const { db } = await useTestDatabase();
const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' } });

let next = 0;
const key = (what: string) => `test:${what}:${++next}`;
const promo = accounts.promo(admin.id);
const topUp = (cents: number) => post(db, { key: key('gift'), kind: 'correction', userId: admin.id, legs: [debit(accounts.adjustments, cents), credit(promo, cents)] });
const balanceOf = async (ref: { key: string }) => (await balancesOf(db, [ref.key]))[0];

describe('the ledger', () => {
  it('keeps the balance of an account that guards a rule in the posting statement, and none for the centre’s shared accounts', async () => {
    /** What the shared account's postings add up to, in cents (its only record: it keeps no balance). */
    const adjustmentsPosted = async () =>
      (
        await db.$queryRaw<{ total: number }[]>`
          SELECT coalesce(sum(p.amount_cents), 0)::int AS total FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.key = 'adjustments'`
      )[0]!.total;
    const before = available(await balanceOf(promo));
    const postedBefore = await adjustmentsPosted();
    await topUp(1500);
    expect(available(await balanceOf(promo))).toBe(before + 1500);
    const [shared] = await db.$queryRaw<{ keepsBalance: boolean; debits: number }[]>`
      SELECT keeps_balance AS "keepsBalance", debits_posted AS debits FROM ledger_accounts WHERE key = 'adjustments'`;
    expect(shared).toEqual({ keepsBalance: false, debits: 0 });
    // Its postings still say what it gave: the 1 500 cents of this top-up, exactly.
    expect((await adjustmentsPosted()) - postedBefore).toBe(1500);
  });

  it('writes an entry once per key: a replay returns it and moves nothing', async () => {
    const entry = { key: key('once'), kind: 'correction' as const, legs: [debit(accounts.adjustments, 700), credit(promo, 700)] };
    const before = available(await balanceOf(promo));
    const first = await post(db, entry);
    const again = await post(db, entry);
    expect(first).toEqual({ id: expect.any(Number), created: true });
    expect(again).toEqual({ id: first!.id, created: false });
    expect(available(await balanceOf(promo))).toBe(before + 700);
  });

  it('refuses a known key posted with other content (an amount, an account, whom it is about), alone or in a batch, and writes nothing', async () => {
    const entry = { key: key('content'), kind: 'correction' as const, userId: admin.id, description: 'Prima', legs: [debit(accounts.adjustments, 700), credit(promo, 700)] };
    const first = await post(db, entry);
    const before = available(await balanceOf(promo));
    // The same content, worded otherwise and with its legs in another order: a replay.
    expect(await post(db, { ...entry, description: 'Seconda', legs: [...entry.legs].reverse() })).toEqual({ id: first!.id, created: false });
    const refused = [
      { ...entry, legs: [debit(accounts.adjustments, 701), credit(promo, 701)] },
      { ...entry, legs: [debit(accounts.adjustments, 700), credit(accounts.promo(777_003), 700)] },
      { ...entry, userId: null },
      { ...entry, kind: 'extra_income' as const },
    ];
    for (const other of refused) await expect(post(db, other)).rejects.toMatchObject({ status: 409, said: KEY_REUSED });
    const fresh = { key: key('content-fresh'), kind: 'correction' as const, legs: [debit(accounts.adjustments, 100), credit(promo, 100)] };
    await expect(postMany(db, [fresh, refused[0]!])).rejects.toMatchObject({ status: 409 });
    expect(await db.ledgerEntry.count({ where: { key: fresh.key } })).toBe(0);
    expect(available(await balanceOf(promo))).toBe(before);
  });

  it('stores the hash the API computes, the database’s own formula: hashes stored before stay comparable, and a replay is judged by the database', async () => {
    const samples: HashedContent[] = [
      { kind: 'payment', phase: 'posted', user_id: 12, booking_id: 7, booking_player_id: null, membership_id: null, carnet_id: null, enrolment_id: null, tournament_player_id: null, transaction_id: 99, rain_check_id: null, reverses_id: null, legs: [debit(accounts.till('cash'), 2000), credit(accounts.booking(7), 2000), debit(accounts.billed, 2000), credit(accounts.revenue('booking'), 2000)] },
      { kind: 'credit_payment', phase: 'pending', user_id: 3, booking_id: null, booking_player_id: 4, membership_id: 5, carnet_id: 6, enrolment_id: 8, tournament_player_id: 9, transaction_id: null, rain_check_id: 10, reverses_id: 11, legs: [debit(accounts.funded(3, 120), 50), debit(accounts.promo(3), 0), credit(accounts.share(4, 2), 50)] },
    ];
    for (const sample of samples) {
      const [row] = await db.$queryRaw<{ hash: string }[]>`SELECT encode(ledger_entry_hash(${JSON.stringify(sample)}::jsonb), 'hex') AS hash`;
      expect(contentHashOf(sample)).toBe(row!.hash);
    }
    const entry = { key: key('hashed'), kind: 'correction' as const, userId: admin.id, legs: [debit(accounts.adjustments, 200), credit(promo, 200)] };
    const posted = await post(db, entry);
    const [stored] = await db.$queryRaw<{ hash: string }[]>`SELECT encode(content_hash, 'hex') AS hash FROM ledger_entries WHERE id = ${posted!.id}`;
    const [recomputed] = await db.$queryRaw<{ hash: string }[]>`
      SELECT encode(ledger_entry_hash(jsonb_build_object('kind', e.kind, 'phase', e.phase, 'user_id', e.user_id,
        'legs', (SELECT jsonb_agg(jsonb_build_object('account', jsonb_build_object('key', a.key), 'amount', p.amount_cents))
                 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = e.id))), 'hex') AS hash
      FROM ledger_entries e WHERE e.id = ${posted!.id}`;
    expect(stored!.hash).toBe(recomputed!.hash);
    // A caller's hash is never trusted on a replay: other content under the key, sent with the stored hash, is refused.
    const forged = JSON.stringify([{ key: entry.key, kind: 'correction', user_id: admin.id, content_hash: stored!.hash, legs: [debit(accounts.adjustments, 900), credit(promo, 900)] }]);
    await expect(db.$queryRaw`SELECT * FROM ledger_post(${forged}::jsonb)`).rejects.toThrow(/ledger_entries_key_content/);
  });

  it('refuses one of two concurrent posts of a key with different content; the same content twice at once is one entry', async () => {
    const entry = { key: key('race'), kind: 'correction' as const, legs: [debit(accounts.adjustments, 300), credit(promo, 300)] };
    const other = { ...entry, legs: [debit(accounts.adjustments, 400), credit(promo, 400)] };
    const raced = await Promise.allSettled([entry, other].map((one) => db.$transaction((tx) => post(tx, one), TRANSACTION_OPTIONS)));
    expect(raced.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const same = { ...entry, key: key('race-same') };
    const twice = await Promise.all([same, same].map((one) => db.$transaction((tx) => post(tx, one), TRANSACTION_OPTIONS)));
    expect(twice[0]!.id).toBe(twice[1]!.id);
    expect(twice.map((posted) => posted!.created).sort()).toEqual([false, true]);
  });

  it('refuses postings that do not sum to zero, or written apart from their entry', async () => {
    await expect(post(db, { key: key('unbalanced'), kind: 'correction', legs: [debit(accounts.adjustments, 500), credit(promo, 400)] })).rejects.toThrow(/ledger_entries_balanced|summing to zero/);
    const [entry] = await db.$queryRaw<{ id: number }[]>`INSERT INTO ledger_entries (key, kind, content_hash) VALUES (${key('raw')}, 'correction', '\\x00') RETURNING id`;
    const [account] = await db.$queryRaw<{ id: number }[]>`SELECT id FROM ledger_accounts WHERE key = 'adjustments'`;
    await expect(db.$executeRaw`INSERT INTO ledger_postings (entry_id, account_id, amount_cents, phase) VALUES (${entry!.id}, ${account!.id}, 100, 'posted')`).rejects.toThrow(/summing to zero/);
  });

  it('never lets a credit go below zero, nor a receivable be paid more than it owes', async () => {
    const empty = accounts.promo(999_999);
    await expect(post(db, { key: key('overdraft'), kind: 'credit_payment', legs: [debit(empty, 100), credit(accounts.billed, 100)] })).rejects.toThrow(/ledger_accounts_never_overdrawn/);
    const booking = accounts.booking(999_998);
    await post(db, { key: key('charge'), kind: 'charge', legs: [debit(booking, 2000), credit(accounts.billed, 2000)] });
    await expect(post(db, { key: key('overpay'), kind: 'payment', legs: [debit(accounts.till('cash'), 2500), credit(booking, 2500)] })).rejects.toThrow(/ledger_accounts_never_overpaid/);
    await post(db, { key: key('pay'), kind: 'payment', legs: [debit(accounts.till('cash'), 2000), credit(booking, 2000)] });
    await expect(post(db, { key: key('twice'), kind: 'payment', legs: [debit(accounts.till('cash'), 1), credit(booking, 1)] })).rejects.toThrow(/ledger_accounts_never_overpaid/);
  });

  it('is history: postings and entries can be neither changed nor deleted, accounts not moved to someone else', async () => {
    await topUp(100);
    await expect(db.$executeRaw`UPDATE ledger_postings SET amount_cents = amount_cents * 2`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`DELETE FROM ledger_postings`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`UPDATE ledger_entries SET effective_at = now() - interval '1 year'`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`UPDATE ledger_entries SET transaction_id = 1`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`DELETE FROM ledger_entries`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`TRUNCATE ledger_postings, ledger_entries, ledger_accounts`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`UPDATE ledger_accounts SET user_id = user_id + 1 WHERE user_id IS NOT NULL`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`DELETE FROM ledger_accounts`).rejects.toThrow(/cannot be changed/);
  });

  it('sets money aside as a pending entry: it cannot be spent twice, and is posted or voided once, each outcome said', async () => {
    const member = accounts.promo(777_001);
    await post(db, { key: key('fund'), kind: 'correction', legs: [debit(accounts.adjustments, 1000), credit(member, 1000)] });
    const booking = accounts.booking(777_001);
    await post(db, { key: key('owe'), kind: 'charge', legs: [debit(booking, 3000), credit(accounts.billed, 3000)] });
    // A hold names the payment row (a checkout) that set it aside.
    const checkout = await db.transaction.create({ data: { kind: 'credit', userId: admin.id, amountCents: 800, method: 'stripe', status: 'pending' } });
    await expect(post(db, { key: key('nameless'), kind: 'credit_payment', phase: 'pending', legs: [debit(member, 100), credit(booking, 100)] })).rejects.toThrow(/ledger_entries_hold_names_its_payment/);
    const setAside = (cents: number, expiresAt: Date) =>
      post(db, { key: key('hold'), kind: 'credit_payment', phase: 'pending', expiresAt, transactionId: checkout.id, legs: [debit(member, cents), credit(booking, cents)] });
    const hold = await setAside(800, new Date(Date.now() + 60_000));
    expect(available(await balanceOf(member))).toBe(200);
    await expect(post(db, { key: key('spend'), kind: 'credit_payment', legs: [debit(member, 300), credit(booking, 300)] })).rejects.toThrow(/never_overdrawn/);

    const [posted] = await resolve(db, [hold!.id], 'post');
    expect(posted).toMatchObject({ pendingId: hold!.id, outcome: 'posted', created: true });
    const [again] = await resolve(db, [hold!.id], 'void');
    expect(again).toMatchObject({ outcome: 'posted', created: false });
    expect(await balanceOf(member)).toMatchObject({ creditsPosted: 1000, debitsPosted: 800, debitsPending: 0 });

    const second = await setAside(200, new Date(Date.now() - 1000));
    expect(available(await balanceOf(member))).toBe(0);
    // The one lapsed entry (the first hold was posted; no other test sets money aside), with its payment row.
    expect(await lapsedHolds(db)).toEqual([{ id: second!.id, transactionId: checkout.id }]);
    // Past its expiry it is never posted: voided instead, and said so.
    expect(await resolve(db, [second!.id], 'post')).toMatchObject([{ outcome: 'expired', created: true }]);
    expect(await lapsedHolds(db)).toEqual([]);
    expect(available(await balanceOf(member))).toBe(200);
    expect(await resolve(db, [second!.id], 'post')).toMatchObject([{ outcome: 'voided', created: false }]);

    const third = await setAside(200, new Date(Date.now() + 60_000));
    expect(await resolve(db, [third!.id], 'void')).toMatchObject([{ outcome: 'voided', created: true }]);
    expect(await resolve(db, [third!.id], 'post')).toMatchObject([{ outcome: 'voided', created: false }]);
    expect(available(await balanceOf(member))).toBe(200);
  });

  it('queues concurrent spending of one account: twenty debits of 10 € against 50 € → exactly five pass', async () => {
    const member = accounts.promo(777_002);
    await post(db, { key: key('fund'), kind: 'correction', legs: [debit(accounts.adjustments, 5000), credit(member, 5000)] });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        db.$transaction(
          (tx) => post(tx, { key: key(`spend-${index}`), kind: 'correction', legs: [debit(member, 1000), credit(accounts.adjustments, 1000)] }),
          TRANSACTION_OPTIONS,
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(available(await balanceOf(member))).toBe(0);
  });

  it('posts a batch in one call, each entry once', async () => {
    const entries = Array.from({ length: 50 }, (_, index) => ({ key: key(`batch-${index}`), kind: 'extra_income' as const, legs: [debit(accounts.till('cash'), 100), credit(accounts.revenue('extra'), 100)] }));
    const written = await postMany(db, entries);
    expect(written.size).toBe(50);
    expect([...written.values()].every((row) => row.created)).toBe(true);
    const replay = await postMany(db, entries);
    expect([...replay.values()].every((row) => !row.created)).toBe(true);
    expect(replay.size).toBe(50);
  });
});
