// The school's part of the randomized money test (modules/ledger/money-fuzz.test.ts): season courses and
// camp weeks opened now and then, members enrolling themselves or their children (whole course pro rata,
// a lesson, a trial; a camp's deposit and balance, two siblings at once, the late fee), paying what is due
// or the next instalment by card, credit or at the desk (sometimes twice at once), holds lapsing, the
// member's and the staff's cancellations, the waiting list (joining, offers lapsing, accepting), a session
// or a whole course cancelled by the admin and the minimum's check. Then what must hold of the school's
// books besides the ledger's: each enrolment charged its price and owing between nothing and all of it
// (nothing once cancelled), the places counted where they are, the instalments' paid states read right.
import { moneyToCents, type TEnrolment } from '@beach/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import type { Db } from '../lib/db.js';
import type { seededRandom } from '../lib/seeded-random.js';
import { addDays, fromIsoDate, todayInRome } from '../lib/time.js';
import type { Services } from '../services.js';
import type { TestMember } from './members.js';

type Random = ReturnType<typeof seededRandom>;
type Operation = [weight: number, name: string, run: (step: number) => Promise<void>];

/**
 * The enrolment tests' fixtures (modules/enrolments/test-courses.ts: courses, camps, children and cards
 * written straight to the tables), handed in by the test: a helper here reaches into no module.
 */
export interface SchoolFixtures {
  makeCourse(db: Db, options: { max: number; priceCents: number; lessonPriceCents: number | null; trialAllowed: boolean; past: number; future: number }): Promise<{ id: number }>;
  makeCamp(
    db: Db,
    options: { startsIn: number; bands: { minAge: number; maxAge: number; capacity: number }[]; priceCents: number; depositCents: number | null; siblingDiscountPercent: number; lateFeeCents: number; lateFeeFrom: string | null },
  ): Promise<unknown>;
  makeChild(db: Db, parentId: number, firstName: string, birthDate: string): Promise<unknown>;
  giveCard(db: Db, userId: number): Promise<void>;
}

interface SchoolFuzz {
  fixtures: SchoolFixtures;
  app: Express;
  db: Db;
  services: Services;
  random: Random;
  members: TestMember[];
  /** The staff's and the admin's tokens, known once the test has signed them in. */
  tokens: () => { staff: string; admin: string };
  /** A request that may be refused (4xx) but never answers 5xx. */
  call: (test: request.Test) => Promise<request.Response>;
  /** What the member does on Stripe's checkout page. */
  finishCheckout: (url: string | undefined, who: TestMember) => Promise<void>;
  /** Pays a checkout session on Stripe's side (a session closed meanwhile is no failure). */
  payNow: (url: string) => Promise<void>;
}

/** At most this many courses and camps open at once: enough to fill some and queue on their lists. */
const OPEN_COURSES = 6;
const HOUR_MS = 3_600_000;
/** Children's ages, the last one too old for any camp band (the enrolment is refused, 422). */
const CHILD_AGES = [7, 9, 12, 16];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export function schoolFuzz({ fixtures: { makeCourse, makeCamp, makeChild, giveCard }, app, db, services, random, members, tokens, call, finishCheckout, payNow }: SchoolFuzz) {
  const today = todayInRome();
  const memberOf = (userId: number) => members.find((one) => one.id === userId)!;
  const ids = () => members.map((one) => one.id);

  /** A season course or a camp week with random terms, small enough to fill. */
  async function openCourse() {
    if (random.chance(0.5)) {
      const future = random.int(3, 6);
      const course = await makeCourse(db, {
        max: random.int(1, 3), priceCents: random.pick([6000, 9000, 12_345]), lessonPriceCents: random.chance(0.6) ? 1500 : null, trialAllowed: random.chance(0.5), past: random.int(0, 3), future,
      });
      // Instalments by later dates of the course (the first part now).
      if (random.chance(0.5)) await db.course.update({ where: { id: course.id }, data: { instalmentDates: [addDays(today, 2), addDays(today, future)].slice(0, random.int(1, 2)).map(fromIsoDate) } });
      return;
    }
    const lateFee = random.chance(0.5);
    await makeCamp(db, {
      startsIn: random.int(3, 12), bands: [{ minAge: 6, maxAge: 10, capacity: random.int(1, 2) }, { minAge: 11, maxAge: 14, capacity: 1 }],
      priceCents: random.pick([15_000, 9000]), depositCents: random.chance(0.7) ? 5000 : null, siblingDiscountPercent: random.pick([0, 10, 25]),
      lateFeeCents: lateFee ? 1000 : 0, lateFeeFrom: lateFee ? addDays(today, random.int(-3, 2)) : null,
    });
  }

  const openCourses = () =>
    db.course.findMany({
      where: { cancelledAt: null, publishedAt: { not: null }, sessions: { some: { cancelledAt: null, startsAt: { gt: new Date() } } } },
      include: { sessions: { where: { cancelledAt: null, startsAt: { gt: new Date() } }, select: { id: true } }, bands: true },
    });

  /** One of the members' enrolments in one of these states, with its member. */
  async function enrolmentOf(statuses: ('pending_payment' | 'confirmed')[], owing = false) {
    const rows = await db.$queryRaw<{ id: number; userId: number }[]>`
      SELECT e.id, e.user_id AS "userId" FROM course_enrolments e
      WHERE e.status::text = ANY(${statuses}::text[]) AND e.user_id = ANY(${ids()}::int[])
        AND (NOT ${owing} OR (SELECT coalesce(sum(p.amount_cents), 0) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                              WHERE a.key = 'enrolment:' || e.id AND p.phase IN ('posted', 'post_pending')) > 0)
      ORDER BY e.id`;
    if (rows.length === 0) return null;
    const row = random.pick(rows);
    return { id: row.id, who: memberOf(row.userId) };
  }

  /** The enrolment as the member's /profilo reads it. */
  async function asListed(who: TestMember, id: number) {
    const mine = await call(request(app).get('/api/me/enrolments').set(bearer(who.token)));
    return (mine.body.data as TEnrolment[] | undefined)?.find((row) => row.id === id) ?? null;
  }

  /** The instalment a payment names: none (what is due, or the next one), the one "Paga ora" shows, or any (maybe paid already). */
  async function seqFor(who: TestMember, id: number) {
    const roll = random.int(1, 3);
    if (roll === 1) return undefined;
    if (roll === 2) return (await asListed(who, id))?.pay_now?.seq;
    return random.int(1, 3);
  }

  /** Whom the member enrols or puts on a list: a child or themself; for a camp a child but now and then (refused: no band for an adult). */
  const participantFor = (offer: 'course' | 'camp', children: { id: number }[]) =>
    children.length > 0 && random.chance(offer === 'camp' ? 0.9 : 0.5) ? random.pick(children).id : null;

  /** The ways to pay an enrolment, each a request answered as the member or the desk sees it. */
  const paying = {
    card: async (who: TestMember, id: number, seq?: number) => {
      const response = await call(request(app).post(`/api/me/enrolments/${id}/checkout`).set(bearer(who.token)).send({ seq }));
      if (response.body.checkout_url) await payNow(response.body.checkout_url);
      return response;
    },
    credit: (who: TestMember, id: number, seq?: number) => call(request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(who.token)).send({ seq })),
    desk: (_who: TestMember, id: number, seq?: number) =>
      call(request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(tokens().staff)).send({ method: random.pick(['cash', 'card', 'bank_transfer']), seq })),
  };

  const operations: Operation[] = [
    [1, 'a course or camp opens', async () => {
      if ((await openCourses()).length < OPEN_COURSES) await openCourse();
    }],
    [8, 'enrol', async () => {
      const courses = await openCourses();
      if (courses.length === 0) return openCourse();
      const course = random.pick(courses);
      const who = random.pick(members);
      const children = await db.child.findMany({ where: { parentId: who.id }, orderBy: { id: 'asc' } });
      // Two children into one camp at once: the second is priced after the first (the sibling discount).
      const together = course.offer === 'camp' && children.length >= 2 && random.chance(0.4);
      const people = together ? children.slice(0, 2).map((child) => child.id) : [participantFor(course.offer, children)];
      const kind = course.offer === 'camp' ? 'course' : random.pick(['course', 'course', 'lesson', 'trial'] as const);
      const sessionId = kind === 'course' || course.sessions.length === 0 ? undefined : random.pick(course.sessions).id;
      await Promise.all(people.map((childId) => call(request(app).post('/api/me/enrolments').set(bearer(who.token)).send({ course_id: course.id, child_id: childId, kind, session_id: sessionId }))));
    }],
    [4, 'pay an enrolment by card', async () => {
      const enrolment = await enrolmentOf(['pending_payment', 'confirmed'], true);
      if (!enrolment) return;
      const response = await call(request(app).post(`/api/me/enrolments/${enrolment.id}/checkout`).set(bearer(enrolment.who.token)).send({ seq: await seqFor(enrolment.who, enrolment.id) }));
      await finishCheckout(response.body.checkout_url, enrolment.who);
    }],
    [3, 'pay an enrolment with credit', async () => {
      const enrolment = await enrolmentOf(['pending_payment', 'confirmed'], true);
      if (!enrolment) return;
      // Now and then the desk first tops the member's credit up by what "Paga ora" asks, as a parent short of
      // credit would have it done: the fuzz's small top-ups alone seldom cover an instalment.
      const due = random.chance(0.5) ? (await asListed(enrolment.who, enrolment.id))?.pay_now?.amount : undefined;
      if (due) await call(request(app).post(`/api/admin/users/${enrolment.who.id}/credit/top-up`).set(bearer(tokens().staff)).send({ amount: due, method: 'cash', confirmed: true }));
      await paying.credit(enrolment.who, enrolment.id, await seqFor(enrolment.who, enrolment.id));
    }],
    [2, 'enrolment paid at the desk', async () => {
      const enrolment = await enrolmentOf(['pending_payment', 'confirmed'], true);
      if (enrolment) await paying.desk(enrolment.who, enrolment.id, await seqFor(enrolment.who, enrolment.id));
    }],
    [2, 'an instalment paid twice at once', async (step) => {
      const enrolment = await enrolmentOf(['pending_payment', 'confirmed'], true);
      const seq = enrolment ? (await asListed(enrolment.who, enrolment.id))?.pay_now?.seq : undefined;
      if (!enrolment || seq === undefined) return;
      const ways = [random.pick(['card', 'credit', 'desk'] as const), random.pick(['card', 'credit', 'desk'] as const)];
      const answers = await Promise.all(ways.map((way) => paying[way](enrolment.who, enrolment.id, seq)));
      // Naming the same instalment, credit and desk pay it once (a card paid second is refunded by the webhook).
      const settled = answers.filter((answer, index) => ways[index] !== 'card' && answer.status === 200);
      expect(settled.length, `step ${step}: instalment ${seq} of enrolment ${enrolment.id} paid by ${ways.join(' and ')}`).toBeLessThanOrEqual(1);
    }],
    [1, 'an enrolment’s hold lapses', async () => {
      const enrolment = await enrolmentOf(['pending_payment']);
      if (!enrolment) return;
      await db.courseEnrolment.update({ where: { id: enrolment.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
      // The minute job, now or (seldom) as a quarter of an hour later: every hold still pending lapses.
      const roll = random.int(1, 10);
      if (roll <= 4) await services.enrolments.expireLapsedHolds();
      else if (roll === 5) await services.enrolments.expireLapsedHolds(new Date(Date.now() + 16 * 60_000));
    }],
    [1, 'member cancels a pending enrolment', async () => {
      const enrolment = await enrolmentOf(['pending_payment']);
      if (enrolment) await call(request(app).post(`/api/me/enrolments/${enrolment.id}/cancel`).set(bearer(enrolment.who.token)));
    }],
    [2, 'staff cancel an enrolment', async () => {
      const enrolment = await enrolmentOf(['pending_payment', 'confirmed']);
      if (enrolment) await call(request(app).post(`/api/admin/enrolments/${enrolment.id}/cancel`).set(bearer(tokens().staff)));
    }],
    [3, 'join a waiting list', async () => {
      const courses = await openCourses();
      const full = courses.filter((course) => course.placesTaken >= course.maxParticipants || course.bands.some((band) => band.placesTaken >= band.capacity));
      if (courses.length === 0) return;
      const course = random.pick(full.length > 0 && random.chance(0.8) ? full : courses);
      const who = random.pick(members);
      const children = await db.child.findMany({ where: { parentId: who.id }, orderBy: { id: 'asc' } });
      await call(request(app).post('/api/me/course-waitlist').set(bearer(who.token)).send({ course_id: course.id, child_id: participantFor(course.offer, children) }));
    }],
    [2, 'accept an offered place', async () => {
      const offers = await db.courseWaitlistEntry.findMany({ where: { status: 'offered', userId: { in: ids() } }, select: { id: true, userId: true }, orderBy: { id: 'asc' } });
      if (offers.length === 0) return;
      const offer = random.pick(offers);
      await call(request(app).post(`/api/me/course-waitlist/${offer.id}/accept`).set(bearer(memberOf(offer.userId).token)));
    }],
    [1, 'an offer lapses or is withdrawn', async () => {
      const offers = await db.courseWaitlistEntry.findMany({ where: { status: { in: ['offered', 'waiting'] }, userId: { in: ids() } }, select: { id: true, userId: true }, orderBy: { id: 'asc' } });
      const roll = random.int(1, 4);
      if (roll === 1) await services.courseWaitlist.expireOffers(new Date(Date.now() + 13 * HOUR_MS));
      if (offers.length === 0 || roll === 1) return;
      const offer = random.pick(offers);
      if (roll === 2) await call(request(app).post(`/api/me/course-waitlist/${offer.id}/withdraw`).set(bearer(memberOf(offer.userId).token)));
      else {
        await db.courseWaitlistEntry.updateMany({ where: { id: offer.id, status: 'offered' }, data: { offerExpiresAt: new Date(Date.now() - 1000) } });
        await services.courseWaitlist.expireOffers();
      }
    }],
    [1, 'admin cancels a session', async () => {
      const course = random.pick([null, ...(await openCourses()).filter((one) => one.offer === 'course')]);
      if (course && course.sessions.length > 0) {
        await call(request(app).post(`/api/admin/courses/${course.id}/sessions/${random.pick(course.sessions).id}/cancel`).set(bearer(tokens().admin)).send({ reason: 'Maltempo' }));
      }
    }],
    [1, 'admin cancels a course', async () => {
      const course = random.pick([null, null, ...(await openCourses())]);
      if (course) await call(request(app).post(`/api/admin/courses/${course.id}/cancel`).set(bearer(tokens().admin)));
    }],
    [1, 'minimum check', async () => {
      const course = random.pick([null, ...(await openCourses())]);
      if (course) await db.course.update({ where: { id: course.id }, data: { minParticipants: random.int(1, course.maxParticipants), minimumCheckOn: fromIsoDate(today) } });
      // The hourly job on two workers at once: each course checked, and cancelled, once.
      await Promise.all([services.courses.checkMinimums(), services.courses.checkMinimums()]);
    }],
  ];

  return {
    operations,

    /** Cards and one or two children for all members but the last (refused where a card or a child is needed), and a few courses and camps open. */
    async setUp() {
      for (const [index, one] of members.slice(0, -1).entries()) {
        await giveCard(db, one.id);
        for (let child = 0; child <= index % 2; child++) {
          const age = CHILD_AGES[(index + child) % CHILD_AGES.length]!;
          await makeChild(db, one.id, `Figlio${index}${child}`, addDays(today, -Math.round((age + 0.5) * 365.25)));
        }
      }
      // Offers made up to the next session (the fuzz's courses start tomorrow).
      await db.setting.update({ where: { id: 1 }, data: { waitlistCutoffHours: 0 } });
      for (let index = 0; index < 4; index++) await openCourse();
    },

    /** After every step: each enrolment charged its price, owing between nothing and all of it (nothing once cancelled); the places counted where they are. */
    async booksHold(step: number) {
      const wrong = await db.$queryRaw<{ id: number; status: string; amount: number; charged: number; owed: number }[]>`
        SELECT e.id, e.status::text AS status, e.amount_cents AS amount, coalesce(l.charged, 0)::int AS charged, coalesce(l.owed, 0)::int AS owed
        FROM course_enrolments e LEFT JOIN LATERAL (
          SELECT sum(p.amount_cents) FILTER (WHERE le.kind = 'charge') AS charged, sum(p.amount_cents) AS owed
          FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_entries le ON le.id = p.entry_id
          WHERE a.key = 'enrolment:' || e.id AND p.phase IN ('posted', 'post_pending')
        ) l ON true
        WHERE coalesce(l.charged, 0) <> e.amount_cents OR coalesce(l.owed, 0) < 0 OR coalesce(l.owed, 0) > e.amount_cents OR (e.status = 'cancelled' AND coalesce(l.owed, 0) <> 0)`;
      expect(wrong, `step ${step}: enrolments charged other than their price, owing more than it or less than nothing, or cancelled and owing`).toEqual([]);
      const miscounted = await db.$queryRaw<{ course: number; band: number | null; taken: number; held: number }[]>`
        WITH held AS (
          SELECT course_id, band_id FROM course_enrolments WHERE kind = 'course' AND status <> 'cancelled'
          UNION ALL SELECT course_id, band_id FROM course_waitlist_entries WHERE status = 'offered'
        )
        SELECT c.id AS course, NULL::int AS band, c.places_taken AS taken, (SELECT count(*) FROM held h WHERE h.course_id = c.id)::int AS held FROM courses c
        UNION ALL
        SELECT b.course_id, b.id, b.places_taken, (SELECT count(*) FROM held h WHERE h.band_id = b.id)::int FROM course_bands b`;
      expect(miscounted.filter((row) => row.taken !== row.held), `step ${step}: places taken ≠ live whole-course enrolments + live offers`).toEqual([]);
    },

    /**
     * At checkpoints, each member's enrolments as /profilo lists them: what is owed is the ledger's, a
     * cancelled one lists no instalments, the instalments add up to the price and are paid exactly as far
     * as the money paid covers them, "Paga ora" offered while anything is owed, and a confirmed enrolment
     * has paid its first instalment unless Stripe's side took money back.
     */
    async instalmentsHold(step: number) {
      const takenBack = new Set(
        (await db.ledgerEntry.findMany({ where: { enrolmentId: { not: null }, kind: { in: ['stripe_refund', 'dispute'] } }, select: { enrolmentId: true } })).map((entry) => entry.enrolmentId),
      );
      for (const who of members) {
        const listed = (await call(request(app).get('/api/me/enrolments').set(bearer(who.token)))).body.data as TEnrolment[];
        for (const enrolment of listed) {
          const where = `step ${step}: enrolment ${enrolment.id} (${enrolment.status})`;
          const amount = moneyToCents(enrolment.amount);
          const owed = moneyToCents(enrolment.owed);
          const [{ ledger }] = await db.$queryRaw<[{ ledger: number }]>`
            SELECT coalesce(sum(p.amount_cents), 0)::int AS ledger FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
            WHERE a.key = ${`enrolment:${enrolment.id}`} AND p.phase IN ('posted', 'post_pending')`;
          expect(owed, where).toBe(ledger);
          if (enrolment.status === 'cancelled' || amount === 0) {
            expect({ instalments: enrolment.instalments, owed }, where).toEqual({ instalments: [], owed: 0 });
            continue;
          }
          expect(enrolment.instalments.map((row) => row.seq), where).toEqual(enrolment.instalments.map((_, index) => index + 1));
          let upTo = 0;
          const paidStates = enrolment.instalments.map((row) => (upTo += moneyToCents(row.amount)) <= amount - owed);
          expect(upTo, where).toBe(amount);
          expect(enrolment.instalments.map((row) => row.paid), where).toEqual(paidStates);
          expect(enrolment.pay_now === null, where).toBe(owed === 0);
          if (enrolment.status === 'confirmed' && !takenBack.has(enrolment.id)) expect(enrolment.instalments[0]!.paid, where).toBe(true);
        }
      }
    },
  };
}
