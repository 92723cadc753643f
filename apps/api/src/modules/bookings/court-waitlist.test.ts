// The courts' fair waiting list through the real database, job queue, SMTP and the Stripe double: a freed
// slot offered to the first waiting alone and held as a booking to pay, passed to the next when its hold
// lapses, nobody skipped twice, a last call to everyone inside the cut-off, and concurrent frees of one
// slot making exactly one offer.
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { BOOKING_MESSAGES } from './bookings.service.js';

const mail = await startMailCatcher();
const { app, db, services, stripe } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' }, { stripe: true });
const today = todayInRome();
const day = addDays(today, 3);
const auth = (member: TestMember) => ({ Authorization: `Bearer ${member.token}` });
const HOUR = 3_600_000;
let alice: TestMember;
let bruno: TestMember;
let carla: TestMember;
let dario: TestMember;
let staff: { Authorization: string };
let c1: number;
let c2: number;

const hold = (member: TestMember, start: string, on = day, court = c1) => request(app).post('/api/bookings').set(auth(member)).send({ date: on, court_id: court, start });
const join = (member: TestMember, start: string, on = day) => request(app).post('/api/bookings/waitlist').set(auth(member)).send({ court_id: c1, date: on, start });
const entryOf = (member: TestMember) => db.bookingWaitlist.findFirstOrThrow({ where: { userId: member.id }, orderBy: { id: 'desc' }, include: { booking: true } });
const mailsTo = (member: TestMember, subject: RegExp) => mail.messages.filter((message) => message.to && JSON.stringify(message.to).includes(member.email) && subject.test(message.subject ?? ''));
const OFFER = /è tenuto per te/;
const LAST_CALL = /^Si è liberato/;

/** Alice holds the slot, then the others join its list in order. */
async function takenAndWaited(start: string, waiting: TestMember[], on = day) {
  const taken = await hold(alice, start, on);
  expect(taken.status).toBe(201);
  for (const member of waiting) expect((await join(member, start, on)).status).toBe(201);
  return taken.body.booking.id as number;
}

beforeAll(async () => {
  [alice, bruno, carla, dario] = (await Promise.all(['Alice', 'Bruno', 'Carla', 'Dario'].map((firstName) => createMember(db, { firstName, lastName: 'Attesa' })))) as [TestMember, TestMember, TestMember, TestMember];
  staff = { Authorization: `Bearer ${await loginAs(app, DEMO.staff)}` };
  [c1, c2] = (await Promise.all(['C1', 'C2'].map(async (code) => (await db.court.findUniqueOrThrow({ where: { code } })).id))) as [number, number];
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, paymentHoldMinutes: 15, courtWaitlistOfferHours: 2, courtWaitlistCutoffHours: 3 } });
});

beforeEach(async () => {
  await db.bookingWaitlist.deleteMany({});
  // The bookings go; their payments stay, the documents of the books' entries (the file ends with the books reconciled).
  await db.booking.deleteMany({});
  mail.messages.length = 0;
});

describe('joining', () => {
  it('is for a taken slot, once while the place is live', async () => {
    const free = await join(bruno, '09:00');
    expect(free.status).toBe(409);
    expect(free.body.message).toBe(BOOKING_MESSAGES.waitlistSlotFree);
    await takenAndWaited('09:00', [bruno]);
    const again = await join(bruno, '09:00');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BOOKING_MESSAGES.waitlistAlready);
    expect((await request(app).get('/api/bookings/waitlist').set(auth(bruno))).body).toMatchObject([{ court: { code: 'C1' }, date: day, start: '09:00', end: '10:30', status: 'waiting', position: 1, booking_id: null }]);
  });
});

describe('a freed slot', () => {
  it('is offered to the first waiting alone, held as a booking to pay; after its hold it passes to the next, who pays it', async () => {
    const aliceHold = await takenAndWaited('10:30', [bruno, carla]);
    const before = Date.now();
    await request(app).post(`/api/bookings/${aliceHold}/cancel`).set(auth(alice)).expect(200);

    const offered = await entryOf(bruno);
    expect(offered).toMatchObject({ status: 'offered', booking: { userId: bruno.id, status: 'pending_payment', courtId: c1, startsAt: instantInRome(day, '10:30'), priceCents: 2000 } });
    const expiry = offered.booking!.holdExpiresAt!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 2 * HOUR - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    expect((await entryOf(carla)).status).toBe('waiting');
    const offer = await mail.waitFor(bruno.email, undefined, OFFER);
    expect(offer.subject).toMatch(/^Il Campo C1 è tenuto per te: \d{2}\/\d{2}\/\d{4} 10:30–12:00$/);
    expect(offer.text).toContain(`/prenotazioni/pagamento/${offered.bookingId}`);
    // The member's screen: the offer with its deadline, the next still waiting, first now.
    expect((await request(app).get('/api/bookings/waitlist').set(auth(bruno))).body).toMatchObject([{ status: 'offered', booking_id: offered.bookingId, offer_expires_at: offered.booking!.holdExpiresAt!.toISOString() }]);
    expect((await request(app).get('/api/bookings/waitlist').set(auth(carla))).body).toMatchObject([{ status: 'waiting', position: 1 }]);
    // The offer's hold does not stop Bruno from booking another slot meanwhile.
    expect((await hold(bruno, '18:00', day, c2)).status).toBe(201);

    // Not paid in time: the hold-expiry job passes the slot to Carla.
    await db.booking.update({ where: { id: offered.bookingId! }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    await services.bookings.expireLapsedHolds();
    expect(await entryOf(bruno)).toMatchObject({ status: 'lapsed', lapsedReason: 'unpaid', booking: { status: 'expired' } });
    const second = await entryOf(carla);
    expect(second).toMatchObject({ status: 'offered', booking: { userId: carla.id, status: 'pending_payment' } });
    await mail.waitFor(carla.email, undefined, OFFER);

    // Paying confirms it like any booking, and the place is booked.
    const checkout = await request(app).post(`/api/bookings/${second.bookingId}/checkout`).set(auth(carla)).send({});
    expect(checkout.status).toBe(200);
    await stripe!.pay(checkout.body.checkout_url.split('/').pop());
    await expect.poll(async () => (await entryOf(carla)).status).toBe('booked');
    expect((await db.booking.findUniqueOrThrow({ where: { id: second.bookingId! } })).status).toBe('confirmed');
    // One e-mail each, never the old one to everyone.
    expect(mailsTo(bruno, OFFER)).toHaveLength(1);
    expect(mailsTo(carla, OFFER)).toHaveLength(1);
    expect([...mailsTo(bruno, LAST_CALL), ...mailsTo(carla, LAST_CALL)]).toHaveLength(0);
  });

  it('is booked however the offer is paid: with credit alone or at the desk, as by card', async () => {
    const slots = [['09:00', 'credit'], ['12:00', 'desk']] as const;
    for (const [start, way] of slots) {
      const taken = await takenAndWaited(start, [dario]);
      await request(app).post(`/api/bookings/${taken}/cancel`).set(auth(alice)).expect(200);
      const offered = await entryOf(dario);
      expect(offered).toMatchObject({ status: 'offered', booking: { status: 'pending_payment' } });
      if (way === 'credit') {
        await deskTopUp(app, staff, dario, '20');
        await request(app).post(`/api/bookings/${offered.bookingId}/pay-with-credit`).set(auth(dario)).expect(200);
      } else {
        await request(app).post(`/api/admin/bookings/${offered.bookingId}/mark-paid`).set(staff).send({ method: 'cash' }).expect(200);
      }
      expect(await entryOf(dario), way).toMatchObject({ status: 'booked', booking: { status: 'confirmed' } });
    }
  });

  it('skips a member a booking would refuse, lapsed with the reason; Rinuncia passes an offer on at once', async () => {
    await db.setting.update({ where: { id: 1 }, data: { maxFutureBookings: 1 } });
    try {
      expect((await hold(bruno, '18:00', day, c2)).status).toBe(201); // Bruno's one future booking
      const aliceHold = await takenAndWaited('12:00', [bruno, carla, dario]);
      await request(app).post(`/api/bookings/${aliceHold}/cancel`).set(auth(alice)).expect(200);
      expect(await entryOf(bruno)).toMatchObject({ status: 'lapsed', lapsedReason: 'limit' });
      const offered = await entryOf(carla);
      expect(offered.status).toBe('offered');

      const withdrawn = await request(app).post(`/api/bookings/waitlist/${offered.id}/withdraw`).set(auth(carla));
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.message).toBe(BOOKING_MESSAGES.waitlistWithdrawn);
      expect(await entryOf(carla)).toMatchObject({ status: 'withdrawn', booking: { status: 'cancelled' } });
      expect((await entryOf(dario)).status).toBe('offered');
      expect((await request(app).post(`/api/bookings/waitlist/${offered.id}/withdraw`).set(auth(carla))).status).toBe(409);
      expect((await request(app).post(`/api/bookings/waitlist/${offered.id}/withdraw`).set(auth(dario))).status).toBe(404);
      expect(mailsTo(bruno, OFFER)).toHaveLength(0);
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { maxFutureBookings: 4 } });
    }
  });

  it('inside the cut-off is offered to nobody: everyone waiting is told at once (a last call)', async () => {
    await db.setting.update({ where: { id: 1 }, data: { courtWaitlistCutoffHours: 72 } });
    try {
      const tomorrow = addDays(today, 1);
      const aliceHold = await takenAndWaited('16:30', [bruno, carla], tomorrow);
      await request(app).post(`/api/bookings/${aliceHold}/cancel`).set(auth(alice)).expect(200);
      expect(await db.booking.count({ where: { status: 'pending_payment' } })).toBe(0);
      for (const member of [bruno, carla]) {
        expect(await entryOf(member)).toMatchObject({ status: 'lapsed', lapsedReason: 'last_call', bookingId: null });
        await mail.waitFor(member.email, undefined, LAST_CALL);
        // No offer of this slot (an offer of the earlier test's slot may still be arriving: its subject names its day).
        expect(mailsTo(member, OFFER).filter((message) => message.subject?.includes(tomorrow.split('-').reverse().join('/')))).toHaveLength(0);
      }
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { courtWaitlistCutoffHours: 3 } });
    }
  });
});

describe('concurrent frees of one slot', () => {
  it('the member and the desk cancelling at once make one offer', async () => {
    const aliceHold = await takenAndWaited('13:30', [bruno, carla]);
    const [mine, desk] = await Promise.all([
      request(app).post(`/api/bookings/${aliceHold}/cancel`).set(auth(alice)),
      request(app).post(`/api/admin/bookings/${aliceHold}/cancel`).set(staff).send({ refund: false }),
    ]);
    expect([mine.status, desk.status].sort()).toEqual([200, 409]);
    expect(await db.booking.count({ where: { status: 'pending_payment', startsAt: instantInRome(day, '13:30') } })).toBe(1);
    expect((await entryOf(bruno)).status).toBe('offered');
    expect((await entryOf(carla)).status).toBe('waiting');
  });

  it('two hold-expiry runs on a lapsed offer pass it on once', async () => {
    const aliceHold = await takenAndWaited('15:00', [bruno, carla, dario]);
    await request(app).post(`/api/bookings/${aliceHold}/cancel`).set(auth(alice)).expect(200);
    const offered = await entryOf(bruno);
    await db.booking.update({ where: { id: offered.bookingId! }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    await Promise.all([services.bookings.expireLapsedHolds(), services.bookings.expireLapsedHolds()]);
    expect((await entryOf(carla)).status).toBe('offered');
    expect((await entryOf(dario)).status).toBe('waiting');
    expect(await db.booking.count({ where: { status: 'pending_payment', startsAt: instantInRome(day, '15:00') } })).toBe(1);
    await mail.waitFor(carla.email, undefined, OFFER);
    expect(mailsTo(carla, OFFER)).toHaveLength(1);
    expect(mailsTo(dario, OFFER)).toHaveLength(0);
  });
});
