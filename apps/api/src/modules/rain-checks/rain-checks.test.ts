// The rain check through the real database, job queue, SMTP on loopback and the Stripe double: roles,
// the preview, and 60 bookings of every payment kind cancelled by a job that fails on one (a booking
// the database refuses to cancel once) while the others are done, and is then resumed twice at once — each payment returned once
// (ledger, refund rows, carnet uses), each member e-mailed once, the courts closed; then the admin's
// card and cash returns; then split bookings: each share back to whoever paid it, every player e-mailed
// (unpaid ones too), each told where their own money went.
import { SLOTS } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../generated/prisma/client.js';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp, onlineTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { formatEuros } from '../../lib/format.js';
import { SLOT_MESSAGES } from '../bookings/booking-terms.js';
import { moneyOfBooking, spendCreditOnBooking } from '../bookings/booking-money.js';
import { spendUse } from '../ledger/carnet-uses.js';
import { revenueTotals } from '../finance/revenue.js';
import { accounts, bookingReceivable } from '../ledger/accounts.js';
import { credit, debit, post } from '../ledger/ledger.js';
import { debtOf, walletOf } from '../ledger/wallet.js';
import { RAIN_CHECK_MESSAGES } from './rain-checks.service.js';
import { summaryOf } from './rain-check-terms.js';
import { TARGET_LOCKS } from '../../services.js';
import { createCheckouts, createStripeRequests } from '../payments/index.js';
import { lockBooking, lockBookings } from '../bookings/booking-lock.js';
import { createBookingCancellation, type Returned } from '../bookings/cancel-booking.js';
import { createBatchCancellation } from '../bookings/cancel-bookings.js';
import { poolOf } from '../../lib/db.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url, MAIL_RATE_PER_SECOND: '50' }, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const today = todayInRome();
const day = addDays(today, 3);
const PRICE = 2000;
/** How long a test waits for the queue (payments, refunds, e-mails): a few seconds here, over 30 s beside the browser suite on a loaded machine. */
const JOBS_IDLE_MS = 90_000;
const DAY_SLOTS = ['09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00'];
const KINDS = ['online', 'cash', 'credit', 'carnet', 'hold', 'walk-in'] as const;

let staff: Record<string, string>;
let admin: Record<string, string>;
const members: TestMember[] = [];
let waiting: TestMember;
let courts: { id: number; code: string }[] = [];

const received = (email: string) => mail.messages.filter((message) => [message.to].flat().some((to) => to?.value.some((entry) => entry.address === email)));
/** Ten of each kind; the members take turns, so each has bookings of several kinds. */
const kindAt = (index: number) => KINDS[Math.floor(index / 10)]!;
const slotEnd = (start: string) => SLOTS.find((slot) => slot.start === start)!.end;

/** What the member's credit holds now, in cents. */
const balanceOf = async (userId: number) => (await walletOf(db, userId)).balance;
/** Entries that moved money about these bookings into or out of members' credit: kind, booking, payment, whose credit and how much (credited positive). */
const creditMovesOn = (bookingIds: number[]) =>
  db.$queryRaw<{ kind: string; bookingId: number; transactionId: number | null; userId: number; cents: number }[]>`
    SELECT e.kind::text AS kind, e.booking_id AS "bookingId", e.transaction_id AS "transactionId", a.user_id AS "userId", -sum(p.amount_cents)::int AS cents
    FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE e.booking_id = ANY(${bookingIds}::int[]) AND a.kind IN ('credit_funded', 'credit_promo') AND p.phase IN ('posted', 'post_pending')
    GROUP BY e.id, a.user_id ORDER BY e.id`;

type Kind = (typeof KINDS)[number];
interface Booked { kind: Kind; courtId: number; start: string; member: TestMember; date?: string }

/**
 * Bookings of the given kinds, paid as each kind is, written straight to the database in a few statements;
 * their books are then posted as the application would have: the prices owed and their payments (the
 * ledger's history function, once for them all), or credit given and spent on one, or a carnet use.
 */
async function bookAll(specs: Booked[]) {
  const rows = specs.map(({ kind, courtId, start, member, date = day }) => {
    const userId = kind === 'walk-in' ? null : member.id;
    return {
      courtId,
      userId,
      customerName: userId ? null : `Passante ${courtId}-${start}`,
      startsAt: instantInRome(date, start),
      endsAt: instantInRome(date, slotEnd(start)),
      priceCents: PRICE,
      status: kind === 'hold' ? ('pending_payment' as const) : ('confirmed' as const),
      holdExpiresAt: kind === 'hold' ? new Date(Date.now() + 15 * 60_000) : null,
    };
  });
  const created = await db.booking.createManyAndReturn({ data: rows });
  // Each spec's booking (a court and a start hold one live booking).
  const bookings = rows.map((row) => created.find((booking) => booking.courtId === row.courtId && booking.startsAt.getTime() === row.startsAt.getTime())!);
  // A card payment is Stripe's too (a charge on the double), as the books' Stripe clearing is matched against it.
  const methodOf = { online: 'stripe', cash: 'cash', 'walk-in': 'cash' } as Partial<Record<Kind, 'stripe' | 'cash'>>;
  const payments = specs.flatMap(({ kind }, index) => {
    const method = methodOf[kind];
    const booking = bookings[index]!;
    if (!method) return [];
    const stripePaymentIntentId = method === 'stripe' ? double.addPaymentIntent({ amount: PRICE }) : null;
    return [{ kind: 'booking' as const, type: 'payment' as const, bookingId: booking.id, userId: booking.userId, amountCents: PRICE, method, status: 'completed' as const, paidAt: new Date(), description: `Prenotazione ${booking.id}`, stripePaymentIntentId }];
  });
  await db.transaction.createMany({ data: payments });
  await db.$executeRaw`SELECT ledger_post_history()`;
  for (const [index, { kind, member }] of specs.entries()) {
    const booking = bookings[index]!;
    if (kind === 'credit') {
      // Credit given by the desk (a correction), then spent on the booking.
      await post(db, { key: `test:gift:${booking.id}`, kind: 'correction', userId: member.id, description: 'Ricarica di prova', legs: [debit(accounts.adjustments, PRICE), credit(accounts.promo(member.id), PRICE)] });
      expect(await spendCreditOnBooking(db, { id: booking.id, userId: member.id }, PRICE, { key: `test:booking:${booking.id}:credit` })).toMatchObject({ created: true });
    }
    if (kind === 'carnet') {
      const carnet = await db.carnet.findFirstOrThrow({ where: { userId: member.id } });
      expect(await db.$transaction((tx) => spendUse(tx, carnet, booking, [{ receivable: bookingReceivable(booking.id), cents: PRICE }]))).toBe(true);
    }
    expect((await moneyOfBooking(db, booking.id)).owed).toBe(kind === 'hold' ? PRICE : 0);
  }
  return bookings;
}

/** One booking of the given kind (bookAll). */
const book = async (kind: Kind, courtId: number, start: string, member: TestMember, date = day) => (await bookAll([{ kind, courtId, start, member, date }]))[0]!;

async function waitForProgress(id: number, done: (body: { status: string; failed: number; done: number }) => boolean) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await request(app).get(`/api/admin/rain-checks/${id}`).set(staff).expect(200);
    if (done(response.body)) return response.body;
    if (Date.now() > deadline) throw new Error(`Rain check ${id}: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const [staffToken, adminToken] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
  staff = bearer(staffToken);
  admin = bearer(adminToken);
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
  for (let index = 0; index < 12; index++) members.push(await createMember(db, { firstName: `Socio${index}`, lastName: 'Bagnato' }));
  waiting = await createMember(db, { firstName: 'Attesa', lastName: 'Lista' });
  courts = await db.court.findMany({ where: { purpose: { not: 'free_use' } }, select: { id: true, code: true }, orderBy: { id: 'asc' } });
  const product = await db.carnetProduct.create({ data: { name: 'Dieci partite', uses: 10, priceCents: 15000, validFrom: new Date(`${today.slice(0, 4)}-01-01`), validUntil: new Date(`${today.slice(0, 4)}-12-31`) } });
  for (const member of members) {
    await db.carnet.create({ data: { userId: member.id, productId: product.id, usesTotal: 10, usesLeft: 10, validFrom: product.validFrom, validUntil: product.validUntil } });
  }
});

describe('who may run a rain check', () => {
  it('refuses members, and card or cash returns to staff; checks the range', async () => {
    const body = { date: day, from: '15:00', to: '19:30' };
    await request(app).post('/api/admin/rain-checks/preview').set(bearer(members[0]!.token)).send(body).expect(403);
    await request(app).post('/api/admin/rain-checks').set(bearer(members[0]!.token)).send(body).expect(403);
    await request(app).get('/api/admin/rain-checks').set(bearer(members[0]!.token)).expect(403);
    for (const returnTo of ['card', 'cash']) {
      const refused = await request(app).post('/api/admin/rain-checks').set(staff).send({ ...body, return_to: returnTo }).expect(403);
      expect(refused.body.message).toBe(RAIN_CHECK_MESSAGES.adminOnly);
    }
    const backwards = await request(app).post('/api/admin/rain-checks').set(staff).send({ ...body, from: '18:00', to: '10:30' }).expect(422);
    expect(backwards.body.errors).toEqual({ to: ['L’orario di fine deve seguire quello di inizio.'] });
    const unknown = await request(app).post('/api/admin/rain-checks/preview').set(staff).send({ ...body, court_ids: [999_999] }).expect(422);
    expect(unknown.body.errors).toEqual({ court_ids: [RAIN_CHECK_MESSAGES.courtNotFound] });
    expect(await db.rainCheck.count()).toBe(0);
    expect(await db.courtClosure.count()).toBe(0);
  });
});

describe('60 bookings of every payment kind', () => {
  const hits: Booking[] = [];
  let outside: Booking;

  beforeAll(async () => {
    const specs = Array.from({ length: 60 }, (_, index) => ({ kind: kindAt(index), courtId: courts[index % courts.length]!.id, start: DAY_SLOTS[Math.floor(index / courts.length)]!, member: members[index % members.length]! }));
    // The range is 9:00–19:30: the evening is not hit.
    const booked = await bookAll([...specs, { kind: 'cash', courtId: courts.find((court) => court.code === 'C1')!.id, start: '19:30', member: members[0]! }]);
    hits.push(...booked.slice(0, 60));
    outside = booked[60]!;
    await db.bookingWaitlist.create({ data: { userId: waiting.id, courtId: hits[0]!.courtId, startsAt: hits[0]!.startsAt, endsAt: hits[0]!.endsAt } });
  });

  it('previews the bookings hit, how each was paid and where its money goes', async () => {
    const preview = await request(app).post('/api/admin/rain-checks/preview').set(staff).send({ date: day, from: '09:00', to: '19:30' }).expect(200);
    expect(preview.body.count).toBe(60);
    // Online, cash, credit and walk-in cash bookings are paid: 40 of 60.
    expect(preview.body.total).toBe('800.00');
    const byId = new Map(preview.body.bookings.map((hit: { booking_id: number }) => [hit.booking_id, hit]));
    const expected = { online: ['online', 'credit'], cash: ['desk', 'credit'], credit: ['credit', 'credit'], carnet: ['carnet', 'carnet'], hold: ['unpaid', 'none'], 'walk-in': ['desk', 'desk'] };
    hits.forEach((booking, index) => {
      const [paidWith, outcome] = expected[kindAt(index)];
      expect(byId.get(booking.id)).toMatchObject({ paid_with: paidWith, outcome, member: kindAt(index) !== 'walk-in' });
    });
    const one = await request(app).post('/api/admin/rain-checks/preview').set(staff).send({ date: day, from: '09:00', to: '10:30', court_ids: [hits[0]!.courtId] }).expect(200);
    expect(one.body).toMatchObject({ count: 1, bookings: [{ booking_id: hits[0]!.id, start: '09:00', end: '10:30' }] });
  });

  // 60 bookings cancelled, paid back and e-mailed, twice over: 2 s on a quiet machine, over a minute with
  // both cores busy elsewhere (two stressed runs); what it checks is counts and money, not time.
  it('fails on one booking but cancels the others, resumes, and returns each payment once and e-mails each member once', { timeout: 180_000 }, async () => {
    const order = [...hits].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.courtId - b.courtId || a.id - b.id);
    const storm = order[30]!;
    // The database refuses to cancel the 31st booking until the trigger is dropped.
    await db.$executeRawUnsafe(`CREATE FUNCTION rain_test_storm() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = ${storm.id} AND NEW.status = 'cancelled' THEN RAISE EXCEPTION 'fulmine sul server'; END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe('CREATE TRIGGER rain_test_storm BEFORE UPDATE ON bookings FOR EACH ROW EXECUTE FUNCTION rain_test_storm()');

    // Booking income: 30 payments, 10 paid with credit, and the evening booking outside the range.
    expect((await revenueTotals(db)).booking).toBe(41 * PRICE);
    const started = await request(app).post('/api/admin/rain-checks').set(staff).send({ date: day, from: '09:00', to: '19:30' }).expect(202);
    expect(started.body).toMatchObject({ total: 60, return_to: 'credit', reason: 'Pioggia', from: '09:00', to: '19:30', date: day });
    expect(started.body.courts).toHaveLength(courts.length);
    // The one booking fails; the others, in its batch and beside it, are done all the same.
    const halfway = await waitForProgress(started.body.id, (body) => body.failed > 0 && body.done + body.failed === 60);
    expect(halfway).toMatchObject({ status: 'running', done: 59, failed: 1, total: 60 });
    expect(await db.booking.count({ where: { id: { in: hits.map((hit) => hit.id) }, status: 'cancelled' } })).toBe(59);
    expect((await db.booking.findUniqueOrThrow({ where: { id: storm.id } })).status).toBe('confirmed');

    // The courts are closed at once: nobody books the range meanwhile.
    for (const court of courts) expect(await db.courtClosure.count({ where: { courtId: court.id, startsAt: instantInRome(day, '09:00'), endsAt: instantInRome(day, '19:30') } })).toBe(1);
    const walkIn = await request(app).post('/api/admin/bookings').set(staff).send({ court_id: courts.find((court) => court.code === 'C2')!.id, date: day, start: '18:00', payment: 'later', customer_name: 'Ritardatario' });
    expect(walkIn.status).toBe(409);
    expect(walkIn.body.message).toBe(SLOT_MESSAGES.closed);

    // The storm passes; two workers resume it at once (as after a restart, with the queue's retry).
    await db.$executeRawUnsafe('DROP TRIGGER rain_test_storm ON bookings');
    await db.$executeRawUnsafe('DROP FUNCTION rain_test_storm()');
    const never = new AbortController().signal;
    await Promise.all([services.rainChecks.process(started.body.id, never), services.rainChecks.process(started.body.id, never)]);
    const done = await waitForProgress(started.body.id, (body) => body.status === 'completed');
    expect(done).toMatchObject({ total: 60, done: 60, skipped: 0, failed: 0, returned: '800.00' });
    await deps.jobs.waitUntilIdle(JOBS_IDLE_MS);

    const after = await db.booking.findMany({ where: { id: { in: hits.map((hit) => hit.id) } } });
    expect(after.every((booking) => booking.status === 'cancelled' && booking.cancellationReason === 'Pioggia')).toBe(true);
    expect((await db.booking.findUniqueOrThrow({ where: { id: outside.id } })).status).toBe('confirmed');
    const idsOf = (kind: (typeof KINDS)[number]) => hits.filter((_, index) => kindAt(index) === kind).map((hit) => hit.id);

    // Online and cash payments of members: one rain credit each, to the booking member's credit, for the payment's amount.
    const moves = await creditMovesOn(hits.map((hit) => hit.id));
    const rainCredits = moves.filter((move) => move.kind === 'rain_credit');
    expect(rainCredits).toHaveLength(20);
    expect(new Set(rainCredits.map((move) => move.transactionId)).size).toBe(20);
    expect(rainCredits.every((move) => move.cents === PRICE && move.userId === hits.find((hit) => hit.id === move.bookingId)!.userId)).toBe(true);
    expect(rainCredits.map((move) => move.bookingId).sort()).toEqual([...idsOf('online'), ...idsOf('cash')].sort());
    // Credit payments back to credit once: each booking's credit moves sum to zero.
    for (const id of idsOf('credit')) {
      expect(moves.filter((move) => move.bookingId === id).map((move) => [move.kind, move.cents])).toEqual([
        ['credit_payment', -PRICE],
        ['credit_return', PRICE],
      ]);
    }
    expect(moves).toHaveLength(20 + 2 * 10);
    // The balances are the ledger: the credit given for the credit bookings plus the rain credits.
    const balances = await Promise.all(members.map((member) => balanceOf(member.id)));
    expect(balances.reduce((sum, cents) => sum + cents, 0)).toBe(10 * PRICE + 20 * PRICE);
    // Nothing is owed any more: what the unpaid holds owed is written off.
    for (const hit of hits) expect((await moneyOfBooking(db, hit.id)).owed).toBe(0);
    // Money given back is income no more: only the evening booking outside the range is left.
    expect((await revenueTotals(db)).booking).toBe(PRICE);
    // Walk-ins paid in cash get it back at the desk: one refund row each.
    const refunds = await db.transaction.findMany({ where: { type: 'refund', bookingId: { in: idsOf('walk-in') } } });
    expect(refunds).toHaveLength(10);
    expect(refunds.every((refund) => refund.amountCents === PRICE && refund.method === 'cash')).toBe(true);
    expect(await db.transaction.count({ where: { type: 'refund', bookingId: { in: hits.map((hit) => hit.id) } } })).toBe(10);
    // Carnet uses given back once: every carnet full again.
    expect(await db.carnetUse.count({ where: { bookingId: { in: idsOf('carnet') }, returnedAt: null } })).toBe(0);
    expect((await db.carnet.findMany({ where: { userId: { in: members.map((member) => member.id) } } })).every((carnet) => carnet.usesLeft === 10)).toBe(true);

    // Each member once, with every hit booking of theirs; nobody waiting is told the slot is free.
    for (const member of members) {
      const theirs = hits.filter((hit) => hit.userId === member.id);
      const messages = received(member.email);
      expect(messages, member.email).toHaveLength(1);
      expect(messages[0]!.subject).toContain('annullate per maltempo');
      expect(messages[0]!.text!.match(/^Campo .+: /gm)).toHaveLength(theirs.length);
    }
    expect(received(waiting.email)).toHaveLength(0);
    expect(await db.bookingWaitlist.findMany({ where: { userId: waiting.id }, select: { status: true, lapsedReason: true } })).toEqual([{ status: 'lapsed', lapsedReason: 'closed' }]);
    expect(await db.rainCheckEmail.count({ where: { rainCheckId: started.body.id, status: 'sent' } })).toBe(members.length);

    // The database refuses a second row for a booking: its money can never be returned twice.
    await expect(db.rainCheckBooking.create({ data: { rainCheckId: started.body.id, bookingId: hits[0]!.id } })).rejects.toThrow(/Unique constraint/);
    const entries = await db.auditLog.findMany({ where: { entityType: 'rain_checks', entityId: started.body.id } });
    expect(entries.map((entry) => [entry.action, entry.route])).toEqual([['create', 'POST /api/admin/rain-checks']]);
    const list = await request(app).get('/api/admin/rain-checks').set(staff).expect(200);
    expect(list.body).toMatchObject({ total: 1, data: [{ id: started.body.id, status: 'completed' }] });
  });
});

describe('returns chosen by an admin', () => {
  it('refunds an online payment to its card and a POS payment at the desk; cash gives everything back in cash', { timeout: 180_000 }, async () => {
    const cardDay = addDays(today, 5);
    const [court] = courts.filter((row) => row.code === 'C3');
    const member = members[1]!;
    const link = await request(app).post('/api/admin/bookings').set(staff).send({ court_id: court!.id, date: cardDay, start: '15:00', payment: 'link', user_id: member.id });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const online = link.body.booking.id as number;
    await mail.waitFor(member.email); // the payment link
    const checkout = await request(app).post(`/api/bookings/${online}/checkout`).set(bearer(member.token)).send({});
    await double.pay(checkout.body.checkout_url.split('/').pop());
    await expect.poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: online } })).status, { timeout: JOBS_IDLE_MS }).toBe('confirmed');
    const pos = await request(app).post('/api/admin/bookings').set(staff).send({ court_id: court!.id, date: cardDay, start: '16:30', payment: 'now', method: 'card', user_id: member.id });
    expect(pos.status).toBe(201);
    await deps.jobs.waitUntilIdle(JOBS_IDLE_MS);
    const before = received(member.email).length;

    const started = await request(app).post('/api/admin/rain-checks').set(admin).send({ date: cardDay, from: '15:00', to: '18:00', court_ids: [court!.id], return_to: 'card', reason: 'Temporale' }).expect(202);
    await waitForProgress(started.body.id, (body) => body.status === 'completed');
    await expect.poll(async () => (await request(app).get(`/api/admin/bookings/${online}`).set(staff)).body.payment_state, { timeout: JOBS_IDLE_MS }).toBe('refunded');
    const posRefund = await db.transaction.findFirstOrThrow({ where: { type: 'refund', bookingId: pos.body.booking.id } });
    expect(posRefund).toMatchObject({ method: 'card', amountCents: Math.round(Number(pos.body.booking.price) * 100) });
    await deps.jobs.waitUntilIdle(JOBS_IDLE_MS);
    // One e-mail, the rain check's: not the refund's own as well.
    const fresh = received(member.email).slice(before);
    expect(fresh.map((message) => message.subject)).toEqual(['2 prenotazioni annullate per maltempo']);
    expect(fresh[0]!.text).toContain('rimborsati sulla carta');
    expect(fresh[0]!.text).toContain('restituiti in segreteria');
    // Nothing went to credit.
    expect(await creditMovesOn([online, pos.body.booking.id])).toEqual([]);
    // The member's list says it was the weather, and where each booking's money went.
    const mine = (await request(app).get('/api/bookings/mine').set(bearer(member.token)).expect(200)).body.upcoming as { id: number; rain_check: unknown }[];
    const price = (id: number) => mine.find((booking) => booking.id === id)!;
    expect(price(online).rain_check).toEqual({ outcome: 'card', returned: link.body.booking.price });
    expect(price(pos.body.booking.id).rain_check).toEqual({ outcome: 'desk', returned: pos.body.booking.price });

    const cashDay = addDays(today, 6);
    const cashPaid = await request(app).post('/api/admin/bookings').set(staff).send({ court_id: court!.id, date: cashDay, start: '09:00', payment: 'now', method: 'bank_transfer', user_id: member.id });
    const cash = await request(app).post('/api/admin/rain-checks').set(admin).send({ date: cashDay, from: '09:00', to: '10:30', court_ids: [court!.id], return_to: 'cash' }).expect(202);
    await waitForProgress(cash.body.id, (body) => body.status === 'completed');
    const cashRefund = await db.transaction.findFirstOrThrow({ where: { type: 'refund', bookingId: cashPaid.body.booking.id } });
    expect(cashRefund.method).toBe('cash');
  });
});

describe('a split booking', () => {
  /** A confirmed booking of the organiser (held through the API) with these players, the organiser's share paid by `pays`. */
  async function splitBooking(organiser: TestMember, players: TestMember[], date: string, courtId: number, pays: 'credit' | 'card') {
    const held = await request(app).post('/api/bookings').set(bearer(organiser.token)).send({ date, court_id: courtId, start: '12:00' });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const bookingId = held.body.booking.id as number;
    for (const player of players) await request(app).post(`/api/bookings/${bookingId}/players`).set(bearer(organiser.token)).send({ user_id: player.id }).expect(201);
    if (pays === 'credit') await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(organiser.token)).expect(200);
    else {
      const checkout = await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(organiser.token)).send({}).expect(200);
      await double.pay(checkout.body.checkout_url.split('/').pop());
    }
    await expect.poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status, { timeout: JOBS_IDLE_MS }).toBe('confirmed');
    const shares = await db.bookingPlayer.findMany({ where: { bookingId } });
    return { bookingId, shareOf: (player: TestMember) => shares.find((share) => share.userId === player.id)!.id };
  }
  const rainMails = (email: string) => received(email).filter((message) => message.subject?.includes('maltempo'));

  it('gives each other player their paid share back, as well as the organiser theirs', async () => {
    const splitDay = addDays(today, 7);
    const [court] = courts.filter((row) => row.code === 'C4');
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Piovosa' });
    const player = await createMember(db, { firstName: 'Pia', lastName: 'Piovosa' });
    await deskTopUp(app, staff, organiser, '30');
    await deskTopUp(app, staff, player, '30');
    const { bookingId, shareOf } = await splitBooking(organiser, [player], splitDay, court!.id, 'credit');
    // The player pays their share from their own credit (what the share page does).
    await request(app).post(`/api/booking-shares/${shareOf(player)}/pay-with-credit`).set(bearer(player.token)).expect(200);
    const [organiserBefore, playerBefore] = [await balanceOf(organiser.id), await balanceOf(player.id)];
    expect(organiserBefore + playerBefore).toBe(6000 - PRICE);

    const started = await request(app).post('/api/admin/rain-checks').set(staff).send({ date: splitDay, from: '12:00', to: '13:30', court_ids: [court!.id] }).expect(202);
    const done = await waitForProgress(started.body.id, (body) => body.status === 'completed');
    expect(done.returned).toBe('20.00');
    // Each gets back what their own credit paid.
    expect(await balanceOf(player.id)).toBe(3000);
    expect(await balanceOf(organiser.id)).toBe(3000);
    expect((await moneyOfBooking(db, bookingId)).owed).toBe(0);
  });

  it('returns a player’s card-paid share to that player’s credit, and e-mails every player, unpaid ones too', { timeout: 180_000 }, async () => {
    const splitDay = addDays(today, 8);
    const [court] = courts.filter((row) => row.code === 'C4');
    const organiser = await createMember(db, { firstName: 'Oreste', lastName: 'Temporale' });
    const [payer, unpaid] = [await createMember(db, { firstName: 'Paola', lastName: 'Temporale' }), await createMember(db, { firstName: 'Ugo', lastName: 'Temporale' })];
    const { bookingId, shareOf } = await splitBooking(organiser, [payer, unpaid], splitDay, court!.id, 'card');
    const checkout = await request(app).post(`/api/booking-shares/${shareOf(payer)}/checkout`).set(bearer(payer.token)).expect(200);
    await double.pay(checkout.body.checkout_url.split('/').pop());
    await expect.poll(async () => (await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(payer) } })).paidAt).not.toBeNull();
    const payments = await db.transaction.findMany({ where: { type: 'payment', status: 'completed', OR: [{ bookingId }, { bookingPlayerId: shareOf(payer) }] } });
    const paidBy = (member: TestMember) => payments.find((payment) => payment.userId === member.id)!.amountCents;
    // 20 € in three: the organiser takes the remainder.
    expect([paidBy(organiser), paidBy(payer)]).toEqual([PRICE - 2 * 666, 666]);
    await deps.jobs.waitUntilIdle(JOBS_IDLE_MS);

    const started = await request(app).post('/api/admin/rain-checks').set(staff).send({ date: splitDay, from: '12:00', to: '13:30', court_ids: [court!.id] }).expect(202);
    const done = await waitForProgress(started.body.id, (body) => body.status === 'completed');
    expect(done.returned).toBe(((PRICE - 666) / 100).toFixed(2));
    await deps.jobs.waitUntilIdle(JOBS_IDLE_MS);
    // By default every card payment goes to the credit of whoever paid it, none to a card; the unpaid share is no longer owed.
    expect(await balanceOf(organiser.id)).toBe(paidBy(organiser));
    expect(await balanceOf(payer.id)).toBe(666);
    expect(await balanceOf(unpaid.id)).toBe(0);
    expect(await db.stripeRequest.count({ where: { kind: 'refund', paymentId: { in: payments.map((payment) => payment.id) } } })).toBe(0);
    expect((await moneyOfBooking(db, bookingId)).owed).toBe(0);

    // One e-mail each: the players' lines say it was their share, and what happened to it.
    const [toOrganiser, toPayer, toUnpaid] = [rainMails(organiser.email), rainMails(payer.email), rainMails(unpaid.email)];
    for (const messages of [toOrganiser, toPayer, toUnpaid]) expect(messages).toHaveLength(1);
    expect(toOrganiser[0]!.text).toContain(`${formatEuros(paidBy(organiser))} restituiti sul tuo credito`);
    expect(toOrganiser[0]!.text).not.toContain('(la tua quota)');
    expect(toPayer[0]!.text).toContain(`(la tua quota): ${formatEuros(666)} restituiti sul tuo credito`);
    expect(toUnpaid[0]!.text).toContain('(la tua quota): non era ancora pagata');
  });

  it('tells each member where their own money went when the parts go different ways', { timeout: 180_000 }, async () => {
    const splitDay = addDays(today, 9);
    const [court] = courts.filter((row) => row.code === 'C4');
    const organiser = await createMember(db, { firstName: 'Osvaldo', lastName: 'Grandine' });
    const payer = await createMember(db, { firstName: 'Paride', lastName: 'Grandine' });
    await deskTopUp(app, staff, organiser, '30');
    const { shareOf } = await splitBooking(organiser, [payer], splitDay, court!.id, 'credit');
    const checkout = await request(app).post(`/api/booking-shares/${shareOf(payer)}/checkout`).set(bearer(payer.token)).expect(200);
    await double.pay(checkout.body.checkout_url.split('/').pop());
    await expect.poll(async () => (await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(payer) } })).paidAt).not.toBeNull();
    await deps.jobs.waitUntilIdle(JOBS_IDLE_MS);

    // The admin sends card payments back to their cards: the player's share goes to their card, the organiser's credit to credit.
    const started = await request(app).post('/api/admin/rain-checks').set(admin).send({ date: splitDay, from: '12:00', to: '13:30', court_ids: [court!.id], return_to: 'card' }).expect(202);
    await waitForProgress(started.body.id, (body) => body.status === 'completed');
    await deps.jobs.waitUntilIdle(JOBS_IDLE_MS);
    expect(await balanceOf(organiser.id)).toBe(3000);
    expect(await balanceOf(payer.id)).toBe(0);
    const share = await db.transaction.findFirstOrThrow({ where: { bookingPlayerId: shareOf(payer), type: 'payment', status: { not: 'failed' } } });
    expect(share.status).toBe('refunded');
    const [toOrganiser, toPayer] = [rainMails(organiser.email), rainMails(payer.email)];
    expect(toOrganiser).toHaveLength(1);
    expect(toPayer).toHaveLength(1);
    expect(toOrganiser[0]!.text).toContain(`${formatEuros(PRICE / 2)} restituiti sul tuo credito`);
    expect(toPayer[0]!.text).toContain(`(la tua quota): ${formatEuros(PRICE / 2)} rimborsati sulla carta`);
  });

  it('cancels a batch exactly as single cancellations do: the same entries, keys, refunds and outcomes', { timeout: 180_000 }, async () => {
    const stripeRequests = createStripeRequests(deps);
    const checkouts = createCheckouts(deps, stripeRequests, TARGET_LOCKS);
    const cancelBooking = createBookingCancellation({ checkouts, stripeRequests });
    const cancelBookings = createBatchCancellation({ checkouts, stripeRequests });
    const court = courts.find((row) => row.code === 'C4')!;
    /** The same bookings on a day: one of every kind, and a split booking (organiser's part and a share paid by card, one share unpaid). */
    async function arrange(date: string) {
      const bookings = await bookAll(KINDS.map((kind, index) => ({ kind, courtId: courts.filter((row) => row !== court)[index]!.id, start: '09:00', member: members[index]!, date })));
      const [organiser, payer, unpaid] = [await createMember(db, { firstName: 'Orso', lastName: date }), await createMember(db, { firstName: 'Pino', lastName: date }), await createMember(db, { firstName: 'Ugo', lastName: date })];
      const { bookingId, shareOf } = await splitBooking(organiser, [payer, unpaid], date, court.id, 'card');
      const checkout = await request(app).post(`/api/booking-shares/${shareOf(payer)}/checkout`).set(bearer(payer.token)).expect(200);
      await double.pay(checkout.body.checkout_url.split('/').pop());
      await expect.poll(async () => (await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(payer) } })).paidAt, { timeout: JOBS_IDLE_MS }).not.toBeNull();
      // Checkouts left open: the unpaid player's share, and a member's hold.
      await request(app).post(`/api/booking-shares/${shareOf(unpaid)}/checkout`).set(bearer(unpaid.token)).expect(200);
      const holder = await createMember(db, { firstName: 'Ivo', lastName: date });
      const hold = await request(app).post('/api/bookings').set(bearer(holder.token)).send({ date, court_id: court.id, start: '15:00' }).expect(201);
      await request(app).post(`/api/bookings/${hold.body.booking.id}/checkout`).set(bearer(holder.token)).send({}).expect(200);
      await deps.jobs.waitUntilIdle(JOBS_IDLE_MS);
      bookings.push(...(await db.booking.findMany({ where: { id: { in: [bookingId, hold.body.booking.id] } }, orderBy: { id: 'asc' } })));
      const users = new Map<number | null, string>([[organiser.id, 'organiser'], [payer.id, 'payer'], [unpaid.id, 'unpaid'], [holder.id, 'holder']]);
      return { bookings, users };
    }
    const [one, many] = [await arrange(addDays(today, 10)), await arrange(addDays(today, 11))];
    const options = { policy: { by: 'rain' as const, returnTo: 'credit' as const }, reason: 'Pioggia', cancelledById: null, now: new Date(), notify: false, refundReason: 'rain' as const, rainCheckId: null };
    const lastEntry = (await db.ledgerEntry.aggregate({ _max: { id: true } }))._max.id ?? 0;
    const single = [];
    for (const booking of one.bookings) {
      single.push(await db.$transaction(async (tx) => {
        await lockBooking(tx, booking.id);
        return cancelBooking(tx, booking, { ...options, description: `Prenotazione ${booking.id}` });
      }));
    }
    const batch = await db.$transaction(async (tx) => {
      await lockBookings(tx, many.bookings.map((booking) => booking.id));
      return cancelBookings(tx, many.bookings.map((booking) => ({ booking, description: `Prenotazione ${booking.id}` })), options);
    });

    /** What the cancellations wrote, each id named by what it is in its day (the n-th booking, its m-th payment, …), keys' random part dropped. */
    async function written({ bookings, users }: Awaited<ReturnType<typeof arrange>>) {
      const ids = bookings.map((booking) => booking.id);
      const players = await db.bookingPlayer.findMany({ where: { bookingId: { in: ids } }, orderBy: { id: 'asc' } });
      const documents = await db.transaction.findMany({ where: { OR: [{ bookingId: { in: ids } }, { bookingPlayerId: { in: players.map((player) => player.id) } }] }, orderBy: { id: 'asc' } });
      const spent = await db.ledgerEntry.findMany({ where: { bookingId: { in: ids }, id: { lte: lastEntry } }, orderBy: { id: 'asc' } });
      const uses = await db.carnetUse.findMany({ where: { bookingId: { in: ids } }, orderBy: { id: 'asc' } });
      const names: Record<string, number[]> = { booking: ids, cancel: documents.map((row) => row.id), refund: documents.map((row) => row.id), 'credit-return': spent.map((row) => row.id), 'carnet-use-return': uses.map((row) => row.id) };
      const named = (key: string) =>
        key.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, 'U').replace(/(booking|cancel|refund|credit-return|carnet-use-return):(\d+)/g, (_, kind: string, id: string) => `${kind}:${names[kind]!.indexOf(Number(id))}`);
      const user = (id: number | null) => users.get(id) ?? id;
      const entries = await db.$queryRaw<{ key: string; kind: string; description: string | null; userId: number | null; bookingId: number; transactionId: number | null; legs: { kind: string; userId: number | null; amount: number }[] }[]>`
        SELECT e.key, e.kind::text AS kind, e.description, e.user_id AS "userId", e.booking_id AS "bookingId", e.transaction_id AS "transactionId",
               json_agg(json_build_object('kind', a.kind, 'userId', a.user_id, 'amount', p.amount_cents) ORDER BY p.id) AS legs
        FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.booking_id = ANY(${ids}::int[]) AND e.id > ${lastEntry} GROUP BY e.id`;
      return {
        entries: entries
          .map((entry) => ({ ...entry, key: named(entry.key), userId: user(entry.userId), bookingId: ids.indexOf(entry.bookingId), transactionId: entry.transactionId && documents.findIndex((row) => row.id === entry.transactionId), legs: entry.legs.map((leg) => ({ ...leg, userId: user(leg.userId) })) }))
          .sort((a, b) => a.key.localeCompare(b.key)),
        refunds: documents.filter((row) => row.type === 'refund').map((row) => ({ amount: row.amountCents, method: row.method, status: row.status, refundOf: documents.findIndex((payment) => payment.id === row.refundOfId), user: user(row.userId) })),
        payments: documents.filter((row) => row.type === 'payment').map((row) => row.status),
        bookings: (await db.booking.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } })).map((row) => [row.status, row.cancellationReason, row.holdExpiresAt]),
        carnetUsesReturned: uses.map((use) => use.returnedAt !== null),
      };
    }
    const [singly, together] = [await written(one), await written(many)];
    // Every kind gave something back: money to rain credit and the till, credit and a carnet use returned, what was owed written off.
    expect(new Set(singly.entries.map((entry) => entry.kind))).toEqual(new Set(['rain_credit', 'refund', 'credit_return', 'carnet_use_return', 'write_off']));
    // The open checkouts were closed.
    expect(singly.payments.filter((status) => status === 'abandoned')).toHaveLength(2);
    expect(singly.payments).not.toContain('pending');
    expect(together).toEqual(singly);
    const outcome = ({ card, till, credit, carnetUses, planned }: Returned) => ({ card, till, credit, carnetUses, ...summaryOf(planned) });
    expect(many.bookings.map((booking) => outcome(batch.get(booking.id)!))).toEqual(single.map(outcome));
  });

  it('cancels a batch in as many statements for fifteen bookings as for five: no step runs once a booking', { timeout: 180_000 }, async () => {
    const stripeRequests = createStripeRequests(deps);
    const cancelBookings = createBatchCancellation({ checkouts: createCheckouts(deps, stripeRequests, TARGET_LOCKS), stripeRequests });
    // The statements `db`'s own connections run (the app's and the job queue's are others).
    let statements = 0;
    const counted = new WeakSet<object>();
    poolOf(db)!.on('acquire', (client) => {
      if (counted.has(client)) return;
      counted.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        statements += 1;
        return query(...args);
      }) as typeof client.query;
    });
    /** `each` bookings of every kind the rain check gives money back for in a batch (rain credit, credit returned, the till), and a hold. */
    const arrange = async (date: string, each: number) => {
      const kinds = (['online', 'cash', 'credit', 'walk-in', 'hold'] as const).flatMap((kind) => Array.from({ length: each }, () => kind));
      return bookAll(kinds.map((kind, index) => ({ kind, courtId: courts[index % courts.length]!.id, start: DAY_SLOTS[Math.floor(index / courts.length)]!, member: members[index % members.length]!, date })));
    };
    const cancelledIn = async (bookings: Booking[]) => {
      const before = statements;
      const returned = await db.$transaction(async (tx) => {
        await lockBookings(tx, bookings.map((booking) => booking.id));
        return cancelBookings(tx, bookings.map((booking) => ({ booking, description: `Prenotazione ${booking.id}` })), { policy: { by: 'rain', returnTo: 'credit' }, reason: 'Pioggia', cancelledById: null, now: new Date(), notify: false, refundReason: 'rain', rainCheckId: null });
      });
      expect([...returned.values()].map(({ till, credit }) => till + credit)).toEqual(bookings.map((booking) => (booking.status === 'pending_payment' ? 0 : PRICE)));
      return statements - before;
    };
    const [few, many] = [await arrange(addDays(today, 12), 1), await arrange(addDays(today, 13), 3)];
    const forFew = await cancelledIn(few);
    // Counted: the transaction, the locks, each step.
    expect(forFew).toBeGreaterThan(10);
    expect(await cancelledIn(many)).toBe(forFew);
  });

  it('gives a payer who owes the centre their credit back as one cancellation does: the return settles the debt', { timeout: 180_000 }, async () => {
    const stripeRequests = createStripeRequests(deps);
    const cancelBookings = createBatchCancellation({ checkouts: createCheckouts(deps, stripeRequests, TARGET_LOCKS), stripeRequests });
    const debtor = await createMember(db, { firstName: 'Debora', lastName: 'Debiti' });
    // Paid-in credit spent on the booking (paid-in first, the credit book() gives last).
    await deskTopUp(app, staff, debtor, '20.00');
    const both = await bookAll([debtor, members[0]!].map((member, index) => ({ kind: 'credit' as const, courtId: courts[index]!.id, start: '09:00', member, date: addDays(today, 4) })));
    const [booking, other] = [both[0]!, both[1]!];
    // A debt as it arises: credit topped up online is spent by a correction (with the rest of the wallet), then the top-up is refunded on Stripe's dashboard.
    const topUp = await onlineTopUp(app, db, double, debtor, '10.00');
    await expect.poll(async () => (await db.transaction.findUniqueOrThrow({ where: { id: topUp.id } })).status, { timeout: JOBS_IDLE_MS }).toBe('completed');
    await request(app).post(`/api/admin/users/${debtor.id}/credit/adjustment`).set(admin).send({ amount: '-30', reason: 'Speso al bar' }).expect(200);
    await double.refundFromDashboard(topUp.stripePaymentIntentId!);
    await expect.poll(() => debtOf(db, debtor.id), { timeout: JOBS_IDLE_MS }).toBe(1000);

    const spent = await db.ledgerEntry.findFirstOrThrow({ where: { bookingId: booking.id, kind: 'credit_payment' } });
    await db.$transaction(async (tx) => {
      await lockBookings(tx, [booking.id, other.id]);
      await cancelBookings(tx, [booking, other].map((row) => ({ booking: row, description: `Prenotazione ${row.id}` })), { policy: { by: 'rain', returnTo: 'credit' }, reason: 'Pioggia', cancelledById: null, now: new Date(), notify: false, refundReason: 'rain', rainCheckId: null });
    });
    // The twenty euros came back to the credit they came from, and ten of them paid the debt, under the return's key and booking.
    expect(await debtOf(db, debtor.id)).toBe(0);
    expect(await db.ledgerEntry.findUniqueOrThrow({ where: { key: `credit-return:${spent.id}:debt` } })).toMatchObject({ kind: 'debt_settled', bookingId: booking.id, userId: debtor.id });
    expect(await db.ledgerEntry.count({ where: { bookingId: other.id, kind: 'credit_return' } })).toBe(1);
  });

  it('writes no receipt PDF while it cancels its bookings: the minute\'s PDFs wait until it is done', { timeout: 180_000 }, async () => {
    const date = addDays(today, 4);
    const court = courts[2]!;
    const booking = await book('cash', court.id, '10:30', members[1]!, date);
    /** The minute job that writes the receipts' PDFs, run now and waited for. */
    const writeReceipts = async () => {
      await deps.jobs.send('receipts-write', {});
      await expect.poll(async () => (await deps.jobs.countsByState()).some((row) => row.queue === 'receipts-write' && row.state !== 'failed'), { timeout: JOBS_IDLE_MS }).toBe(false);
    };
    // The booking's row held elsewhere (its key left free for the rain check's rows): the job waits to lock it, in the middle of cancelling.
    let locked = false;
    let release = () => {};
    const held = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${booking.id} FOR NO KEY UPDATE`;
      locked = true;
      await new Promise<void>((resolve) => (release = resolve));
    }, { timeout: 120_000 });
    await expect.poll(() => locked).toBe(true);
    const started = await request(app).post('/api/admin/rain-checks').set(admin).send({ date, from: '10:30', to: '12:00', court_ids: [court.id] }).expect(202);
    await expect.poll(() => services.rainChecks.cancelling(), { timeout: JOBS_IDLE_MS }).toBe(true);
    // A receipt written meanwhile (a top-up at the desk), its PDF still to write.
    await deskTopUp(app, staff, members[2]!, '5');
    const pending = await db.receipt.count({ where: { pdfPath: null } });
    expect(pending).toBeGreaterThan(0);
    await writeReceipts();
    expect(await db.receipt.count({ where: { pdfPath: null } })).toBe(pending);

    release();
    await held;
    await waitForProgress(started.body.id, (body) => body.status === 'completed');
    expect(services.rainChecks.cancelling()).toBe(false);
    await writeReceipts();
    expect(await db.receipt.count({ where: { pdfPath: null } })).toBe(0);
  });
});
