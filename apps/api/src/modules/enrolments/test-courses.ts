// Courses, cards and children for the enrolment tests, written straight to the tables (course
// administration and children have modules of their own): a course, its courts and its sessions; and the
// requests the tests make as members.
import type { TCreditStatement } from '@beach/contracts';
import type { StripeDouble } from '@beach/stripe-double';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../../lib/time.js';
import type { Db } from '../../lib/db.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';

let counter = 0;

/** A published course on D1 with sessions `past` days before today and `future` after (one a day), and any cancelled among them. */
export async function makeCourse(db: Db, { max = 10, priceCents = 10_000, lessonPriceCents = null as number | null, trialAllowed = false, past = 0, future = 4, cancelledFuture = 0 } = {}) {
  const today = todayInRome();
  const court = await db.court.findFirstOrThrow({ where: { code: 'D1' } });
  const course = await db.course.create({
    data: {
      name: `Corso ${++counter}`, level: 'Base', startsOn: fromIsoDate(addDays(today, -past - 1)), endsOn: fromIsoDate(addDays(today, future + 1)), recurrence: 'FREQ=DAILY',
      startTime: '18:00', durationMinutes: 90, maxParticipants: max, priceCents, lessonPriceCents, trialAllowed, publishedAt: new Date(Date.now() - 60_000),
      courts: { create: [{ courtId: court.id }] },
    },
  });
  const days = [...Array.from({ length: past }, (_, i) => -past + i), ...Array.from({ length: future }, (_, i) => i + 1)];
  for (const [index, day] of days.entries()) {
    const startsAt = instantInRome(addDays(today, day), '18:00');
    const cancelled = day > 0 && index >= days.length - cancelledFuture;
    await db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), cancelledAt: cancelled ? new Date() : null } });
  }
  const sessions = await db.courseSession.findMany({ where: { courseId: course.id, cancelledAt: null, startsAt: { gt: new Date() } }, orderBy: { startsAt: 'asc' } });
  return { id: course.id, name: course.name, sessions: sessions.map((session) => session.id) };
}

/** An active seasonal card covering the next two months. */
export async function giveCard(db: Db, userId: number) {
  const today = todayInRome();
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2034) AS number`;
  await db.membership.create({
    data: { membershipNumber: issued!.number, userId, type: 'seasonal', status: 'active', startDate: fromIsoDate(addDays(today, -5)), endDate: fromIsoDate(addDays(today, 60)), originalPriceCents: 500, priceCents: 500, activatedAt: new Date() },
  });
}

export const makeChild = (db: Db, parentId: number, firstName = 'Luca', birthDate = '2015-06-01') =>
  db.child.create({ data: { parentId, firstName, lastName: 'Bianchi', birthDate: fromIsoDate(birthDate) } });

/**
 * A published camp week on D2 from `startsIn` days from today, five days at 09:00 for 8 hours, with its age
 * bands (places = their capacities) and its money terms; `startsIn` 0 or less puts its first day in the past.
 */
export async function makeCamp(
  db: Db,
  { startsIn = 10, bands = [{ minAge: 6, maxAge: 10, capacity: 20 }, { minAge: 11, maxAge: 14, capacity: 16 }], priceCents = 15_000, depositCents = 5000 as number | null, siblingDiscountPercent = 10, lateFeeCents = 0, lateFeeFrom = null as string | null } = {},
) {
  const today = todayInRome();
  const court = await db.court.findFirstOrThrow({ where: { code: 'D2' } });
  const course = await db.course.create({
    data: {
      offer: 'camp', name: `Centro estivo ${++counter}`, startsOn: fromIsoDate(addDays(today, startsIn)), endsOn: fromIsoDate(addDays(today, startsIn + 4)), recurrence: 'FREQ=DAILY',
      startTime: '09:00', durationMinutes: 480, minAge: Math.min(...bands.map((band) => band.minAge)), maxAge: Math.max(...bands.map((band) => band.maxAge)),
      maxParticipants: bands.reduce((sum, band) => sum + band.capacity, 0), priceCents, depositCents, balanceDueOn: depositCents === null ? null : fromIsoDate(addDays(today, startsIn - 7)),
      siblingDiscountPercent, lateFeeCents, lateFeeFrom: lateFeeFrom === null ? null : fromIsoDate(lateFeeFrom), publishedAt: new Date(Date.now() - 60_000),
      courts: { create: [{ courtId: court.id }] }, bands: { create: bands },
    },
    include: { bands: { orderBy: { minAge: 'asc' } } },
  });
  for (let day = 0; day < 5; day++) {
    const startsAt = instantInRome(addDays(today, startsIn + day), '09:00');
    await db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 480 * 60_000) } });
  }
  return { id: course.id, bands: course.bands.map((band) => band.id) };
}

/** An account's posted postings added up (debits positive), by its key. */
export async function balanceOf(db: Db, key: string) {
  const [row] = await db.$queryRaw<{ net: number }[]>`
    SELECT coalesce(sum(p.amount_cents), 0)::int AS net FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE a.key = ${key} AND p.phase IN ('posted', 'post_pending')`;
  return row!.net;
}

/**
 * The requests the enrolment tests make as members, bound to their app: a member with a card, enrolling
 * (201 expected, its id back), and paying a child's whole-course place by card through the Stripe double's
 * checkout and webhook (the enrolment and its payment back, once confirmed).
 */
export function memberRequests(app: Express, db: Db, double: StripeDouble) {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const enrol = async (member: TestMember, body: Record<string, unknown>) =>
    (await request(app).post('/api/me/enrolments').set(bearer(member.token)).send(body).expect(201)).body.enrolment.id as number;
  async function carded() {
    const member = await createMember(db);
    await giveCard(db, member.id);
    return member;
  }
  async function paidByCard(courseId: number, parent: TestMember) {
    const id = await enrol(parent, { course_id: courseId, kind: 'course', child_id: (await makeChild(db, parent.id, 'Sara')).id });
    const opened = await request(app).post(`/api/me/enrolments/${id}/checkout`).set(bearer(parent.token)).expect(200);
    const sessionId = (opened.body.checkout_url as string).split('/').pop()!;
    await double.pay(sessionId);
    await expect.poll(async () => (await db.courseEnrolment.findUniqueOrThrow({ where: { id } })).status, { timeout: 15_000 }).toBe('confirmed');
    return { id, payment: await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } }) };
  }
  return {
    enrol,
    carded,
    paidByCard,
    /**
     * Four members enrolled in the whole course, one per way of paying: a child's place by card (the payer
     * reads English), their own with credit (250 € topped up at the desk), at the desk in cash, and one
     * still pending.
     */
    async payersOfEveryKind(courseId: number, staffToken: string) {
      const cardPayer = await createMember(db);
      await db.user.update({ where: { id: cardPayer.id }, data: { locale: 'en' } });
      const byCard = await paidByCard(courseId, cardPayer);
      const creditPayer = await carded();
      await deskTopUp(app, staffToken, creditPayer, '250');
      const byCredit = await enrol(creditPayer, { course_id: courseId, kind: 'course' });
      await request(app).post(`/api/me/enrolments/${byCredit}/pay-with-credit`).set(bearer(creditPayer.token)).expect(200);
      const deskPayer = await carded();
      const atDesk = await enrol(deskPayer, { course_id: courseId, kind: 'course' });
      await request(app).post(`/api/admin/enrolments/${atDesk}/collect`).set(bearer(staffToken)).send({ method: 'cash' }).expect(200);
      const pendingPayer = await carded();
      const pending = await enrol(pendingPayer, { course_id: courseId, kind: 'course' });
      return { cardPayer, byCard, creditPayer, byCredit, deskPayer, atDesk, pendingPayer, pending };
    },
    /** A member's credit as the staff read it. */
    creditOf: async (staffToken: string, member: TestMember) => (await request(app).get(`/api/admin/users/${member.id}/credit?per_page=100`).set(bearer(staffToken)).expect(200)).body as TCreditStatement,
  };
}
