// Reconciliation (docs/domain.md#reconciliation) through the real database, the job queue, the metrics
// and the Stripe double: money taken every way proves itself; Stripe is read from where the last run
// stopped, and a balance transaction the books do not have is named as the first mismatch until its
// webhook arrives; an entry that owes without billing breaks both sums of the ledger; then each check is
// broken as it would be in life (Stripe ahead of the books, a payment written outside them with no receipt
// and the till short, a card refund stuck, a posting slipped in past the triggers) and names what it found,
// in the answer, the stored verdict and the metrics. The last test leaves the books broken: it runs last.
import { RECONCILIATION_CHECKS, type TReconciliation } from '@beach/contracts';
import { startStripeDouble } from '@beach/stripe-double';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import Stripe from 'stripe';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { addDays, todayInRome, toIsoDate } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { accounts, credit, debit, post, reverse } from '../ledger/index.js';
import { createReconciliationService } from './reconciliation.service.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const { app, db, deps, stripe } = await useTestApp(
  { METRICS_TOKEN: TOKEN },
  { stripe: true, books: 'broken on purpose: its last test breaks every check as life would, to see each one name what it found' },
);
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const sessionIdOf = (url: string) => url.split('/').pop()!;
/** A message as read, with the non-breaking space before the euro sign made plain. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const day = addDays(todayInRome(), 2);
const sdk = deps.stripe!;
/** Stripe's newest balance transaction (the one a payment just made). */
const newestAtStripe = async () => (await sdk.balanceTransactions.list({ limit: 1 })).data[0]!;
const cursor = async () => (await db.reconciliationStripeCursor.findUnique({ where: { id: 1 } }))?.balanceTransactionId;
const stripeCheck = (result: TReconciliation) => result.checks.find((check) => check.name === 'stripe_clearing')!;

let admin: string;
let staff: string;
let member: TestMember;
/** Another member, who pays while the first one's hold waits for its webhook (one live hold each). */
let other: TestMember;
let court: number;
beforeAll(async () => {
  [admin, staff, member, other] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff), createMember(db), createMember(db)]);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 10, freeCancellationHours: 24 } });
});

const run = async () => (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
const failing = (result: TReconciliation) => Object.fromEntries(result.checks.filter((check) => !check.ok).map((check) => [check.name, check.details.map(plain)]));
const mismatchesInMetrics = async () => {
  const families = parsePrometheusTextFormat((await request(app).get('/api/metrics').set(bearer(TOKEN)).expect(200)).text);
  const family = families.find((entry) => entry.name === 'ledger_reconciliation_mismatches')!;
  return Object.fromEntries(family.metrics.map((metric) => [metric.labels!.check, Number((metric as { value: string }).value)]));
};
/** A 20 € slot the member holds and pays by card on the double. */
const bookAndPay = async (start: string, who = member) => {
  const id = (await request(app).post('/api/bookings').set(bearer(who.token)).send({ date: day, court_id: court, start }).expect(201)).body.booking.id as number;
  const checkout = await request(app).post(`/api/bookings/${id}/checkout`).set(bearer(who.token)).send({}).expect(200);
  await double.pay(sessionIdOf(checkout.body.checkout_url));
  return id;
};

describe('/api/admin/reconciliation', () => {
  it('is for admins only', async () => {
    for (const token of [staff, member.token]) {
      expect((await request(app).post('/api/admin/reconciliation').set(bearer(token))).status).toBe(403);
      expect((await request(app).get('/api/admin/reconciliation').set(bearer(token))).status).toBe(403);
    }
    expect((await request(app).get('/api/admin/reconciliation')).status).toBe(401);
  });

  it('proves money taken every way; the verdict is kept, read back, in the metrics, and the daily job proves it again', async () => {
    expect((await request(app).get('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body).toBeNull();
    await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: '30', method: 'cash' }).expect(200);
    const paid = await bookAndPay('09:00');
    await deps.jobs.waitUntilIdle(60_000);
    await request(app).post(`/api/bookings/${paid}/cancel`).set(bearer(member.token)).expect(200);
    await bookAndPay('10:30');
    await deps.jobs.waitUntilIdle(60_000);

    // Stripe paying the balance out to the bank is not members' money moving: the books do not keep it.
    double.payout(1000);

    const result = await run();
    expect(result.checks.map((check) => check.name)).toEqual([...RECONCILIATION_CHECKS]);
    expect(failing(result)).toEqual({});
    expect(result.ok).toBe(true);
    expect((await request(app).get('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body).toEqual(result);
    expect(await mismatchesInMetrics()).toEqual(Object.fromEntries(RECONCILIATION_CHECKS.map((name) => [name, 0])));

    const runs = await db.reconciliationRun.count();
    await deps.jobs.send('ledger-reconciliation', {});
    await deps.jobs.waitUntilIdle(60_000);
    expect(await db.reconciliationRun.count()).toBe(runs + 1);
    expect((await db.reconciliationRun.findFirstOrThrow({ orderBy: { id: 'desc' } })).ok).toBe(true);
  });

  it('reads Stripe from where the last run stopped: a second run lists only the newer balance transactions', async () => {
    const matchedUpTo = (await newestAtStripe()).id;
    expect(await cursor()).toBe(matchedUpTo);
    await bookAndPay('16:30');
    await deps.jobs.waitUntilIdle(60_000);
    const charge = await newestAtStripe();

    const listings: string[] = [];
    const listened = (event: { method: string; path: string }) => void (event.path.startsWith('/v1/balance_transactions') && listings.push(decodeURIComponent(event.path)));
    sdk.on('request', listened);
    try {
      expect(stripeCheck(await run())).toEqual({ name: 'stripe_clearing', ok: true, mismatches: 0, details: [] });
    } finally {
      sdk.off('request', listened);
    }
    // One page, after the cursor: not Stripe's whole history.
    expect(listings).toHaveLength(1);
    expect(listings[0]).toContain(`ending_before=${matchedUpTo}`);
    expect(await cursor()).toBe(charge.id);
  });

  it('names the first balance transaction the books do not have, with its id, what Stripe says and what the books say, until its webhook arrives', async () => {
    const before = await cursor();
    double.setAutoDeliver(false);
    let held: typeof double.events = [];
    try {
      const from = double.events.length;
      await bookAndPay('18:00');
      held = double.events.slice(from);
    } finally {
      double.setAutoDeliver(true);
    }
    const unmatched = await newestAtStripe();
    // A later payment the books have: listed and matched, but the cursor waits at the first mismatch.
    await bookAndPay('19:30', other);
    await deps.jobs.waitUntilIdle(60_000);

    const result = await run();
    expect(failing(result)).toEqual({ stripe_clearing: [`Movimento Stripe ${unmatched.id} (pagamento ${String(unmatched.source)}): Stripe 20,00 €, registrati 0,00 €`] });
    expect(stripeCheck(result)).toMatchObject({ mismatches: 1, first_mismatch: { balance_transaction: unmatched.id, source: unmatched.source, category: 'charge', stripe_cents: 2000, ledger_cents: 0 } });
    expect((await request(app).get('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body).toEqual(result);
    expect(await cursor()).toBe(before);
    // Named again by the next run: the cursor did not pass it.
    expect(stripeCheck(await run()).first_mismatch?.balance_transaction).toBe(unmatched.id);

    for (const event of held) expect(await double.deliver(event)).toBe(200);
    await deps.jobs.waitUntilIdle(60_000);
    expect(failing(await run())).toEqual({});
    expect(await cursor()).toBe((await newestAtStripe()).id);
  });

  it('names an entry in Stripe clearing that no balance transaction of Stripe accounts for; reversed, it moved nothing', async () => {
    // Balanced, billed, earned: only Stripe can say it never took this money.
    const stray = await post(db, { key: 'test:stripe-never-saw-it', kind: 'extra_income', legs: [debit(accounts.stripe, 700), credit(accounts.revenue('extra'), 700)] });
    const result = await run();
    expect(failing(result)).toEqual({ stripe_clearing: [plain(`Registrazione ${stray!.id} (test:stripe-never-saw-it): 7,00 € su Stripe, nessun movimento di Stripe`)] });
    expect(stripeCheck(result).first_mismatch).toBeUndefined();
    // Named again by the next run, and after a payment Stripe and the books agree on.
    await bookAndPay('13:30', other);
    await deps.jobs.waitUntilIdle(60_000);
    expect(failing(await run())).toEqual({ stripe_clearing: [plain(`Registrazione ${stray!.id} (test:stripe-never-saw-it): 7,00 € su Stripe, nessun movimento di Stripe`)] });

    await reverse(db, stray!.id, { key: 'test:stripe-never-saw-it:reversed', kind: 'reversal' });
    expect(failing(await run())).toEqual({});
    expect(await cursor()).toBe((await newestAtStripe()).id);
  });

  it('proves billed equals what is owed, and money in less money out equals revenue and liabilities: an entry owing without billing breaks both, its reversal mends them', async () => {
    const [{ billed, money }] = await db.$queryRaw<[{ billed: number; money: number }]>`
      SELECT coalesce(-sum(p.amount_cents) FILTER (WHERE a.kind = 'billed'), 0)::int AS billed,
             coalesce(sum(p.amount_cents) FILTER (WHERE a.kind IN ('stripe_clearing', 'till', 'bank', 'disputes')), 0)::int AS money
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.phase IN ('posted', 'post_pending')`;
    const booking = await db.booking.findFirstOrThrow({ where: { userId: member.id, status: 'confirmed' } });
    // Balanced, and every balance follows its postings: only the two sums can see it.
    const broken = await post(db, { key: `test:owed-not-billed:${booking.id}`, kind: 'correction', bookingId: booking.id, legs: [debit(accounts.booking(booking.id), 500), credit(accounts.revenue('booking'), 500)] });

    const result = await run();
    expect(failing(result)).toEqual({
      billed_owed: [plain(`Da incassare ${formatEuros(billed)}, dovuti dai conti dei soci ${formatEuros(billed + 500)}`)],
      accounting_identity: [plain(`Entrati meno usciti ${formatEuros(money)}, ricavi e debiti verso i soci ${formatEuros(money + 500)}`)],
    });
    expect(await mismatchesInMetrics()).toMatchObject({ billed_owed: 1, accounting_identity: 1, entries_balanced: 0, balances_match: 0 });

    await reverse(db, broken!.id, { key: `test:owed-not-billed:${booking.id}:reversed`, kind: 'reversal' });
    expect(failing(await run())).toEqual({});
  });

  it('reads a Stripe that does not know the cursor (a test double restarted empty) from its first movement, not comparing the entries made before it', async () => {
    const kept = await db.reconciliationStripeCursor.findUniqueOrThrow({ where: { id: 1 } });
    const restarted = await startStripeDouble({ webhookSecret: 'whsec_restarted' });
    try {
      const restartedSdk = new Stripe('sk_test_double', { ...restarted.sdkOptions });
      const reconciliation = createReconciliationService({ db, stripe: restartedSdk });
      const stripeNow = async () => {
        const found = (await reconciliation.checks()).find((check) => check.name === 'stripe_clearing')!;
        return { ...found, details: found.details.map(plain) };
      };
      // Empty: nothing to compare, and the cursor is left as it was.
      expect(await stripeNow()).toEqual({ name: 'stripe_clearing', ok: true, mismatches: 0, details: [] });
      expect(await cursor()).toBe(kept.balanceTransactionId);

      // A second later (Stripe counts whole seconds), a payment the books never saw: named alone.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      restarted.addPaymentIntent({ amount: 1500 });
      const movement = (await restartedSdk.balanceTransactions.list({ limit: 1 })).data[0]!;
      expect(await stripeNow()).toEqual({
        name: 'stripe_clearing', ok: false, mismatches: 1,
        details: [`Movimento Stripe ${movement.id} (pagamento ${String(movement.source)}): Stripe 15,00 €, registrati 0,00 €`],
        first_mismatch: { balance_transaction: movement.id, source: movement.source, category: 'charge', stripe_cents: 1500, ledger_cents: 0 },
      });
    } finally {
      await restarted.close();
      await db.reconciliationStripeCursor.update({ where: { id: 1 }, data: kept });
    }
  });

  it('names what breaks each check, and Stripe matches again once its webhook arrives', async () => {
    // Stripe ahead of the books: a card payment whose webhook has not arrived yet.
    double.setAutoDeliver(false);
    let held: typeof double.events = [];
    try {
      const before = double.events.length;
      await bookAndPay('12:00');
      held = double.events.slice(before);
    } finally {
      double.setAutoDeliver(true);
    }
    // Written past the triggers: a cash payment outside the books (no entry, no receipt: the till 10 €
    // short) and a posting slipped into an entry (it no longer sums to zero, its account's balance is stale).
    const [slipped] = await db.$queryRaw<{ entryId: number; accountId: number; key: string }[]>`
      SELECT p.entry_id AS "entryId", a.id AS "accountId", a.key FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.keeps_balance ORDER BY p.id LIMIT 1`;
    const stray = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
      await tx.$executeRaw`INSERT INTO ledger_postings (entry_id, account_id, amount_cents, phase) VALUES (${slipped!.entryId}, ${slipped!.accountId}, 100, 'posted')`;
      return tx.transaction.create({ data: { kind: 'credit', userId: member.id, amountCents: 1000, method: 'cash', status: 'completed', paidAt: new Date(), description: 'Ricarica fuori dai conti' } });
    });
    // A card refund Stripe has not answered for two days, and one it refused of a guest's payment (no credit to take it).
    await db.stripeRequest.create({ data: { kind: 'refund', paymentId: stray.id, amountCents: 500, createdAt: new Date(Date.now() - 48 * 3600_000) } });
    const guestPayment = await db.transaction.create({ data: { kind: 'booking_share', userId: null, amountCents: 700, method: 'stripe', status: 'failed', description: 'Quota di un ospite' } });
    await db.stripeRequest.create({ data: { kind: 'refund', status: 'failed', paymentId: guestPayment.id, amountCents: 700 } });
    // A bank statement closing at 12 € whose line the books have not matched (docs/annual-accounts.md#matching).
    const statement = await db.bankStatement.create({ data: { iban: 'IT60X0542811101000000123456', format: 'camt053', fileSha256: 'a'.repeat(64), toDate: new Date(), closingCents: 1200 } });
    await db.bankLine.create({ data: { statementId: statement.id, iban: statement.iban, lineKey: 'ref:R-1', bookedOn: new Date(), amountCents: 1200 } });

    const result = await run();
    expect(result.ok).toBe(false);
    expect(failing(result)).toEqual({
      entries_balanced: [`Registrazione ${slipped!.entryId}: sbilanciata di 1,00 €`],
      balances_match: [`Conto ${slipped!.key}: il saldo non corrisponde ai movimenti`],
      // The slipped 1 € is on one side of the books only (credit paid in, not money).
      accounting_identity: [expect.stringMatching(/^Entrati meno usciti \d+,00 €, ricavi e debiti verso i soci \d+,00 €$/)],
      documents_posted: [`Pagamento ${stray.id} di 10,00 €: nessuna registrazione`],
      receipts_issued: [`Movimento ${stray.id}: senza ricevuta`],
      till_by_day: [`${formatItalianDate(todayInRome())} (Contanti): cassa 30,00 €, incassi 40,00 €`],
      stripe_clearing: [expect.stringMatching(/^Movimento Stripe txn_\w+ \(pagamento ch_\w+\): Stripe 20,00 €, registrati 0,00 €$/)],
      refunds_outstanding: [`Rimborso di 5,00 € del pagamento ${stray.id}: in attesa da più di un giorno`, `Rimborso di 7,00 € del pagamento ${guestPayment.id}: rifiutato da Stripe, da restituire a mano`],
      bank_statement: [`Conto IT60X0542811101000000123456: estratto 12,00 €, registro al ${formatItalianDate(toIsoDate(statement.toDate!))} 0,00 € (1 movimenti da abbinare)`],
    });
    expect(await mismatchesInMetrics()).toEqual({ ...Object.fromEntries(RECONCILIATION_CHECKS.map((name) => [name, 1])), billed_owed: 0, refunds_outstanding: 2 });
    expect((await request(app).get('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body).toEqual(result);

    // The webhook arrives: the payment is posted and Stripe matches the books again.
    expect(held.length).toBeGreaterThan(0);
    for (const event of held) expect(await double.deliver(event)).toBe(200);
    await deps.jobs.waitUntilIdle(60_000);
    expect(Object.keys(failing(await run()))).not.toContain('stripe_clearing');
  });
});
