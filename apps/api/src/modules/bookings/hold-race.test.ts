// The minute job voiding a checkout's lapsed credit hold races the card's payment for that checkout
// (docs/domain.md#holds): whichever comes first, both end well, the booking is never confirmed with its
// credit part still owed, and the credit is spent once.
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp, ledgerSum } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { moneyOfBooking } from './booking-money.js';

const { app, db, deps, services, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const today = todayInRome();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** After the Checkout's credit hold ran out (31 minutes), before the job got to it. */
const lapsedAt = () => new Date(Date.now() + 40 * 60_000);
/** The minute job, as it runs then. */
const voidJob = () => services.bookings.expireLapsedHolds(lapsedAt());

let staff: string;
let court: number;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C2' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 40 } });
});

/**
 * A 20 € court held by the member with no end (as the desk's payment link: only the credit set aside for
 * the checkout lapses), its checkout opened with 15 € of credit set aside and paid by card (5 €) on
 * Stripe; the completion event not delivered yet.
 */
async function paidOnStripe(member: TestMember, daysAhead: number) {
  const made = await request(app).post('/api/bookings').set(bearer(member.token)).send({ date: addDays(today, daysAhead), court_id: court, start: '10:30' }).expect(201);
  const bookingId = made.body.booking.id as number;
  await db.booking.update({ where: { id: bookingId }, data: { holdExpiresAt: null } });
  await deskTopUp(app, staff, member, '15');
  const opened = await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(member.token)).send({ use_credit: true }).expect(200);
  const sessionId = (opened.body.checkout_url as string).split('/').pop()!;
  await double.pay(sessionId);
  return { bookingId, sessionId, completed: double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)! };
}

/** Confirmed, paid in full (credit and card) and owing nothing. */
async function expectPaidInFull(bookingId: number) {
  expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
  expect(await moneyOfBooking(db, bookingId)).toMatchObject({ owed: 0, paid: 2000, returned: 0 });
}

/**
 * Resolves once this many of the test database's sessions wait for a lock. A state, not a time: on a busy
 * machine the webhook and the job take seconds to get there (a 5 s cap once failed a correct run in CI).
 */
async function untilWaiting(sessions: number) {
  const waiting = async () => (await db.$queryRaw<{ waiting: number }[]>`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0]!.waiting;
  await expect.poll(waiting, { interval: 10, timeout: 45_000, message: `${sessions} sessions waiting for a lock` }).toBeGreaterThanOrEqual(sessions);
}

describe('the hold-void job racing a card payment', () => {
  it('voids under the booking’s lock: the webhook that holds the booking’s receivable when the job comes is waited for, not deadlocked', async () => {
    const member = await createMember(db);
    double.setAutoDeliver(false);
    try {
      const { bookingId, completed } = await paidOnStripe(member, 1);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // Someone (a desk read under lock) holds the booking's receivable: the webhook queues on it first, the job after.
      const holder = db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM ledger_accounts WHERE key = ${`booking:${bookingId}`} FOR UPDATE`;
        await released;
      }, TRANSACTION_OPTIONS);
      const delivered = double.deliver(completed);
      await untilWaiting(1);
      const job = voidJob();
      await untilWaiting(2);
      release();
      await holder;
      expect(await Promise.allSettled([delivered, job])).toMatchObject([{ status: 'fulfilled', value: 200 }, { status: 'fulfilled' }]);
      await expectPaidInFull(bookingId);
    } finally {
      double.setAutoDeliver(true);
    }
    await deps.jobs.waitUntilIdle();
    expect(await ledgerSum(db, member.id)).toBe(0);
    expect(await db.transaction.count({ where: { userId: member.id, type: 'refund' } })).toBe(0);
  });

  it('never confirms a booking with its credit part owed: run side by side many times, the credit is spent once and nothing refunded', async () => {
    const member = await createMember(db);
    double.setAutoDeliver(false);
    try {
      for (let round = 0; round < 10; round += 1) {
        const { bookingId, completed } = await paidOnStripe(member, 2 + round);
        // The job starts at different moments of the webhook's work, round by round.
        const [delivered, job] = await Promise.allSettled([double.deliver(completed), pause((round % 5) * 6).then(voidJob)]);
        expect(job.status).toBe('fulfilled');
        expect(delivered).toEqual({ status: 'fulfilled', value: 200 });
        await expectPaidInFull(bookingId);
      }
    } finally {
      double.setAutoDeliver(true);
    }
    await deps.jobs.waitUntilIdle();
    expect(await ledgerSum(db, member.id)).toBe(0);
    expect(await db.transaction.count({ where: { userId: member.id, type: 'refund' } })).toBe(0);
  });

  it('gives the credit set aside back at once when Stripe cannot open the checkout, and the hold stays to pay another way', async () => {
    const member = await createMember(db);
    const made = await request(app).post('/api/bookings').set(bearer(member.token)).send({ date: addDays(today, 13), court_id: court, start: '10:30' }).expect(201);
    await deskTopUp(app, staff, member, '15');
    try {
      double.failNext({ method: 'POST', path: '/v1/checkout/sessions' }, { status: 400, type: 'invalid_request_error' });
      await request(app).post(`/api/bookings/${made.body.booking.id}/checkout`).set(bearer(member.token)).send({ use_credit: true }).expect(503);
    } finally {
      double.clearFailures();
    }
    expect(await db.transaction.findFirstOrThrow({ where: { bookingId: made.body.booking.id, type: 'payment' } })).toMatchObject({ status: 'failed' });
    expect(await ledgerSum(db, member.id)).toBe(1500);
    const [wallet] = await db.$queryRaw<{ pending: number }[]>`SELECT coalesce(sum(debits_pending), 0)::int AS pending FROM ledger_accounts WHERE user_id = ${member.id}`;
    expect(wallet!.pending).toBe(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id: made.body.booking.id } })).status).toBe('pending_payment');
  });

  it('never posts a hold past its time: a card paying after the credit set aside lapsed, before the job came, voids it and takes the credit again', async () => {
    const member = await createMember(db);
    double.setAutoDeliver(false);
    let outcome;
    try {
      const { bookingId, sessionId } = await paidOnStripe(member, 12);
      // The return page's reconciliation (no webhook signature to date) applies the payment 40 minutes on.
      vi.useFakeTimers({ toFake: ['Date'], now: lapsedAt() });
      try {
        outcome = await services.payments.reconcile(sessionId, member.id);
      } finally {
        vi.useRealTimers();
      }
      expect(outcome).toMatchObject({ status: 'paid' });
      await expectPaidInFull(bookingId);
      const entries = await db.$queryRaw<{ kind: string; phase: string }[]>`
        SELECT kind::text, phase::text FROM ledger_entries WHERE booking_id = ${bookingId} AND kind = 'credit_payment' ORDER BY id`;
      // Set aside, voided when it came too late, and spent again with the card.
      expect(entries).toEqual([
        { kind: 'credit_payment', phase: 'pending' },
        { kind: 'credit_payment', phase: 'void_pending' },
        { kind: 'credit_payment', phase: 'posted' },
      ]);
    } finally {
      double.setAutoDeliver(true);
    }
    expect(await ledgerSum(db, member.id)).toBe(0);
  });
});
