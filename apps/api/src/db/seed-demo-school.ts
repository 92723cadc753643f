// The school in the demo (docs/school.md): three coaches who sign in with the demo password, two courses
// running through the winter around `now` (so every week has sessions) and four for next summer, on the
// D courts. Each session holds its courts through court closures; demo members and their children are
// enrolled and paid at the desk, and the sessions already over have their attendance. Ten summer camp
// weeks next year (docs/school.md#camps), Mondays from 14 June to 16 August, with demo children in their
// age bands, the deposit paid at the desk. Nothing dated after `now`.
import type { Prisma } from '../generated/prisma/client.js';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../lib/time.js';
import type { seededRandom } from '../lib/seeded-random.js';
import { recurrenceOf, sessionSpans } from '../modules/courses/index.js';
import { instalmentPlan } from '../modules/enrolments/index.js';
import { chargeEntry, enrolmentReceivable, moneyAccount, paymentEntry, postMany } from '../modules/ledger/index.js';
import { insertRows } from './insert-rows.js';

export const DEMO_COACHES = [
  { email: 'allenatore1@demo.beach', firstName: 'Andrea', lastName: 'Schiaccia' },
  { email: 'allenatore2@demo.beach', firstName: 'Bianca', lastName: 'Muro' },
  { email: 'allenatore3@demo.beach', firstName: 'Carlo', lastName: 'Bagher' },
] as const;

interface CourseSeed {
  name: string;
  level: string;
  coach: 0 | 1 | 2;
  courts: string[];
  /** ISO weekdays: 1 is Monday. */
  days: number[];
  startTime: string;
  durationMinutes: number;
  ages: [number, number] | null;
  maxParticipants: number;
  priceCents: number;
  /** The members (or children, for a course with ages) enrolled. */
  enrolled: number;
}

const DAY_MS = 86_400_000;
/** The youngest age an adults' course (one without a children's band) takes. */
const ADULTS_FROM = 16;

/** The winter's courses, running around now; the summer's, from mid-June to mid-September next year. */
const WINTER: CourseSeed[] = [
  { name: 'Beach volley invernale adulti', level: 'Intermedio', coach: 0, courts: ['D1', 'D2'], days: [1, 3], startTime: '19:00', durationMinutes: 90, ages: null, maxParticipants: 12, priceCents: 18000, enrolled: 9 },
  { name: 'Minivolley sulla sabbia', level: 'Bambini', coach: 1, courts: ['D3'], days: [2, 6], startTime: '16:30', durationMinutes: 60, ages: [7, 11], maxParticipants: 10, priceCents: 12000, enrolled: 6 },
];
const SUMMER: CourseSeed[] = [
  { name: 'Principianti estate', level: 'Principiante', coach: 0, courts: ['D1'], days: [2, 4], startTime: '18:00', durationMinutes: 90, ages: null, maxParticipants: 10, priceCents: 15000, enrolled: 5 },
  // After the camps' day (09:00–17:00 on the D courts).
  { name: 'Under 14 estate', level: 'Ragazzi', coach: 1, courts: ['D3', 'D4'], days: [1, 3, 5], startTime: '17:30', durationMinutes: 90, ages: [10, 14], maxParticipants: 16, priceCents: 22000, enrolled: 4 },
  { name: 'Avanzati estate', level: 'Avanzato', coach: 2, courts: ['D5', 'D6'], days: [2, 4], startTime: '19:30', durationMinutes: 90, ages: null, maxParticipants: 12, priceCents: 20000, enrolled: 6 },
  { name: 'Beach tennis base', level: 'Principiante', coach: 2, courts: ['D2'], days: [6], startTime: '10:00', durationMinutes: 60, ages: null, maxParticipants: 8, priceCents: 9000, enrolled: 3 },
];

const CHILD_NAMES = ['Leo', 'Sofia', 'Tommaso', 'Aurora', 'Edoardo', 'Ginevra', 'Pietro', 'Emma', 'Giacomo', 'Viola'];
const HEALTH_NOTES = ['Allergia alle api: ha con sé l’antistaminico', 'Asma lieve: inalatore nello zaino', null, null, null];

const isoOf = (date: Date) => date.toISOString().slice(0, 10);
const addDaysTo = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
export async function seedDemoSchool(
  tx: Prisma.TransactionClient,
  { random, now, year, passwordHash, members }: { random: ReturnType<typeof seededRandom>; now: Date; year: number; passwordHash: string; members: { id: number; lastName: string }[] },
) {
  const coaches = await tx.user.createManyAndReturn({
    data: DEMO_COACHES.map((coach) => ({ ...coach, role: 'coach' as const, passwordHash, phone: `+39 347 ${random.int(100, 999)} ${random.int(1000, 9999)}`, emailVerifiedAt: now, privacyAcceptedAt: now, createdAt: now })),
    select: { id: true },
  });
  const courts = new Map((await tx.court.findMany({ where: { row: 'D' }, select: { id: true, code: true } })).map((court) => [court.code, court.id]));
  const today = fromIsoDate(todayInRome(now));
  // The winter's courses started six weeks ago on a Monday and run twenty weeks; the summer's are next year's.
  const winterStart = addDaysTo(today, -42 - ((today.getUTCDay() + 6) % 7));
  const spans: [CourseSeed, Date, Date][] = [
    ...WINTER.map((seed): [CourseSeed, Date, Date] => [seed, winterStart, addDaysTo(winterStart, 20 * 7 - 1)]),
    ...SUMMER.map((seed): [CourseSeed, Date, Date] => [seed, fromIsoDate(`${year + 1}-06-14`), fromIsoDate(`${year + 1}-09-12`)]),
  ];
  let memberAt = random.int(0, 200);
  const nextMember = () => members[memberAt++ % members.length]!;
  let children = 0;
  let attendances = 0;
  let sessionCount = 0;
  for (const [seed, startsOn, endsOn] of spans) {
    const coachId = coaches[seed.coach]!.id;
    const course = await tx.course.create({
      data: {
        name: seed.name, level: seed.level, coachId, startsOn, endsOn, startTime: seed.startTime, durationMinutes: seed.durationMinutes,
        recurrence: recurrenceOf({ weekdays: seed.days, exceptions: [] }), minAge: seed.ages?.[0] ?? ADULTS_FROM, maxAge: seed.ages?.[1] ?? null,
        maxParticipants: seed.maxParticipants, placesTaken: seed.enrolled, priceCents: seed.priceCents, lessonPriceCents: Math.round(seed.priceCents / 10),
        trialAllowed: true, publishedAt: startsOn < now ? addDaysTo(startsOn, -30) : now, createdAt: startsOn < now ? addDaysTo(startsOn, -30) : now,
        courts: { create: seed.courts.map((code) => ({ courtId: courts.get(code)! })) },
      },
    });
    const spansOfCourse = sessionSpans({ starts_on: isoOf(startsOn), ends_on: isoOf(endsOn), start_time: seed.startTime, duration_minutes: seed.durationMinutes, weekdays: seed.days, exceptions: [] });
    const sessions = await seedSessions(tx, course, spansOfCourse, seed.courts.map((code) => courts.get(code)!));
    sessionCount += sessions.length;
    const enrolledAt = course.createdAt;
    const enrolled = [];
    const kids: Prisma.ChildCreateManyInput[] = [];
    for (let index = 0; index < seed.enrolled; index += 1) {
      const { id: userId, lastName } = nextMember();
      if (seed.ages) {
        // A child of an age the course takes on its first day (a month to ten months past that birthday).
        const age = random.int(seed.ages[0], seed.ages[1]);
        const birthDate = fromIsoDate(isoOf(addDaysTo(startsOn, -Math.floor(age * 365.25) - random.int(30, 300))));
        kids.push({ parentId: userId, firstName: CHILD_NAMES[children % CHILD_NAMES.length]!, lastName, birthDate, healthNotes: random.pick(HEALTH_NOTES), pickupPeople: random.chance(0.5) ? 'I nonni' : null, photoConsent: random.chance(0.7), createdAt: enrolledAt });
        children += 1;
      }
      enrolled.push(userId);
    }
    // The course's children in one statement, in the order drawn.
    const childIds = await insertRows(tx, 'children', kids);
    const enrolments = enrolled.map((userId, index) => ({ courseId: course.id, userId, childId: childIds[index] ?? null, kind: 'course' as const, amountCents: seed.priceCents, status: 'confirmed' as const, confirmedAt: enrolledAt, createdAt: enrolledAt }));
    const created = await tx.courseEnrolment.createManyAndReturn({ data: enrolments, select: { id: true } });
    // A trial in the next session still to come, for a course that has one this week.
    const upcoming = sessions.find((session) => session.startsAt > now);
    if (upcoming && startsOn < now && !seed.ages) {
      await tx.courseEnrolment.create({ data: { courseId: course.id, userId: nextMember().id, kind: 'trial', sessionId: upcoming.id, amountCents: 0, status: 'confirmed', confirmedAt: now, createdAt: now } });
    }
    const past = sessions.filter((session) => session.endsAt <= now);
    const rows = past.flatMap((session) =>
      created.map((enrolment) => {
        const present = random.chance(0.85);
        return { sessionId: session.id, enrolmentId: enrolment.id, present, note: present || !random.chance(0.3) ? null : 'Avvisato per tempo', recordedById: coachId, recordedAt: session.endsAt };
      }),
    );
    await insertRows(tx, 'course_attendances', rows);
    attendances += rows.length;
  }
  const camps = await seedDemoCamps(tx, { random, now, year, courts, nextMember });
  const lessonSlots = await seedDemoLessonSlots(tx, { now, courtId: courts.get('D5')!, coachIds: coaches.map((coach) => coach.id) });
  return { coaches: coaches.length, courses: spans.length, camps: camps.weeks, sessions: sessionCount + camps.sessions, children: children + camps.children, attendances, lessonSlots };
}

/**
 * A course's sessions, each holding the course's courts through a court closure (the planner and the
 * availability already respect closures), a statement each, dated when the course was made.
 */
async function seedSessions(tx: Prisma.TransactionClient, course: { id: number; name: string; createdAt: Date }, spans: { startsAt: Date; endsAt: Date }[], courtIds: number[]) {
  const ids = await insertRows(tx, 'course_sessions', spans.map(({ startsAt, endsAt }) => ({ courseId: course.id, startsAt, endsAt, createdAt: course.createdAt })));
  const sessions = spans.map(({ startsAt, endsAt }, index) => ({ id: ids[index]!, startsAt, endsAt }));
  await insertRows(tx, 'court_closures', sessions.flatMap((session) => courtIds.map((courtId) => (
    { courtId, startsAt: session.startsAt, endsAt: session.endsAt, reason: `Corso: ${course.name}`, courseSessionId: session.id, createdAt: course.createdAt }
  ))));
  return sessions;
}

/** Private lessons published for the next ten days: one a morning at 10:00 on D5 (no course holds it then), 45 € each, the coaches in turn. */
async function seedDemoLessonSlots(tx: Prisma.TransactionClient, { now, courtId, coachIds }: { now: Date; courtId: number; coachIds: number[] }) {
  const today = todayInRome(now);
  const data = Array.from({ length: 10 }, (_, index) => {
    const startsAt = instantInRome(addDays(today, index + 1), '10:00');
    return { coachId: coachIds[index % coachIds.length]!, courtId, startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60_000), priceCents: 4500, createdAt: now };
  });
  await tx.lessonSlot.createMany({ data });
  return data.length;
}

/** A camp week's terms: the full day on D1–D6, or the morning on D4–D6 (two weeks of the ten); never two camps on a court at once. */
const CAMP_DAY = { startTime: '09:00', durationMinutes: 480, courts: ['D1', 'D2', 'D3', 'D4', 'D5', 'D6'], priceCents: 15_000, label: 'giornata intera' };
const CAMP_MORNING = { startTime: '09:00', durationMinutes: 240, courts: ['D4', 'D5', 'D6'], priceCents: 9000, label: 'mattina' };
const CAMP_BANDS = [{ minAge: 6, maxAge: 10, capacity: 20 }, { minAge: 11, maxAge: 14, capacity: 16 }];
const CAMP_WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * The ten camp weeks of next summer: deposit 50 €, the balance due the Monday a week before, 10 % off a
 * second child, 10 € more from seven days before, the minimum of 8 checked ten days before. Families
 * enrol one or two children in their bands (the second at the sibling price), the deposit paid at the
 * desk by bookDemoSchoolFees; the course's and the bands' counters hold them.
 */
async function seedDemoCamps(
  tx: Prisma.TransactionClient,
  { random, now, year, courts, nextMember }: { random: ReturnType<typeof seededRandom>; now: Date; year: number; courts: Map<string, number>; nextMember: () => { id: number; lastName: string } },
) {
  let sessionCount = 0;
  let children = 0;
  const today = todayInRome(now);
  for (let week = 0; week < 10; week += 1) {
    const monday = addDays(`${year + 1}-06-14`, week * 7);
    const terms = week === 4 || week === 9 ? CAMP_MORNING : CAMP_DAY;
    const name = `Centro estivo ${week + 1}ª settimana (${terms.label})`;
    // Five to eight families, a second child in one family out of three, each child in a band (its index).
    const kids: { child: Prisma.ChildCreateManyInput; band: number; amountCents: number }[] = [];
    for (let family = random.int(5, 8); family > 0; family -= 1) {
      const { id: parentId, lastName } = nextMember();
      const siblings = random.chance(1 / 3) ? 2 : 1;
      for (let kid = 0; kid < siblings; kid += 1) {
        const band = random.int(0, CAMP_BANDS.length - 1);
        // A birthday a month to ten months before the first day, at an age of the band.
        const age = random.int(CAMP_BANDS[band]!.minAge, CAMP_BANDS[band]!.maxAge);
        const birthDate = fromIsoDate(addDays(monday, -Math.floor(age * 365.25) - random.int(30, 300)));
        const child = { parentId, firstName: CHILD_NAMES[(children + kid) % CHILD_NAMES.length]!, lastName, birthDate, healthNotes: random.pick(HEALTH_NOTES), pickupPeople: random.chance(0.5) ? 'I nonni' : null, photoConsent: random.chance(0.7), createdAt: now };
        kids.push({ child, band, amountCents: kid === 0 ? terms.priceCents : terms.priceCents - Math.round((terms.priceCents * 10) / 100) });
      }
      children += siblings;
    }
    // The course and its bands made with their counters: the families are drawn first.
    const course = await tx.course.create({
      data: {
        offer: 'camp', name, level: 'Bambini e ragazzi', startsOn: fromIsoDate(monday), endsOn: fromIsoDate(addDays(monday, 4)), startTime: terms.startTime, durationMinutes: terms.durationMinutes,
        recurrence: recurrenceOf({ weekdays: CAMP_WEEKDAYS, exceptions: [] }), minAge: 6, maxAge: 14, minParticipants: 8, maxParticipants: CAMP_BANDS.reduce((sum, band) => sum + band.capacity, 0),
        priceCents: terms.priceCents, depositCents: 5000, balanceDueOn: fromIsoDate(addDays(monday, -7)), siblingDiscountPercent: 10, lateFeeCents: 1000, lateFeeFrom: fromIsoDate(addDays(monday, -7)),
        minimumCheckOn: fromIsoDate(addDays(monday, -10)), publishedAt: now, createdAt: now, placesTaken: kids.length,
        courts: { create: terms.courts.map((code) => ({ courtId: courts.get(code)! })) },
        bands: { create: CAMP_BANDS.map((band, index) => ({ ...band, placesTaken: kids.filter((kid) => kid.band === index).length })) },
      },
      include: { bands: { orderBy: { id: 'asc' } } },
    });
    const spansOfWeek = sessionSpans({ starts_on: monday, ends_on: addDays(monday, 4), start_time: terms.startTime, duration_minutes: terms.durationMinutes, weekdays: CAMP_WEEKDAYS, exceptions: [] });
    sessionCount += (await seedSessions(tx, course, spansOfWeek, terms.courts.map((code) => courts.get(code)!))).length;
    // The week's children, enrolments and instalments a statement each, in the order drawn.
    const childIds = await insertRows(tx, 'children', kids.map((kid) => kid.child));
    const enrolmentIds = await insertRows(tx, 'course_enrolments', kids.map(({ child, band, amountCents }, index) => (
      { courseId: course.id, userId: child.parentId, childId: childIds[index]!, bandId: course.bands[band]!.id, kind: 'course', amountCents, status: 'confirmed', confirmedAt: now, createdAt: now }
    )));
    await insertRows(tx, 'enrolment_instalments', kids.flatMap(({ amountCents }, index) => (
      instalmentPlan(course, amountCents, today, 'course').map((row) => ({ enrolmentId: enrolmentIds[index]!, seq: row.seq, amountCents: row.amountCents, dueOn: row.dueOn }))
    )));
  }
  return { weeks: 10, sessions: sessionCount, children };
}

/**
 * The demo's course fees in the books, once the rest of the history is there: each whole-course enrolment
 * charged its price and paid in cash at the desk on the day it was confirmed (docs/school.md#money) — a
 * camp's only its deposit, the first of its instalments, the balance still owed; some deposits by transfer.
 */
export async function bookDemoSchoolFees(tx: Prisma.TransactionClient) {
  const enrolments = await tx.courseEnrolment.findMany({
    where: { status: 'confirmed', amountCents: { gt: 0 } },
    include: { course: { select: { name: true, offer: true } }, instalments: { where: { seq: 1 } } },
    orderBy: { id: 'asc' },
  });
  // The payments one statement, in the enrolments' order; each enrolment's charge and payment one batch
  // (posted in their keys' order: the charge's `enrolment:` first, as when posted one after the other).
  let camps = 0;
  const fees = enrolments.map((enrolment) => {
    const at = enrolment.confirmedAt ?? enrolment.createdAt;
    // One camp deposit in eight paid by bank transfer, its line on the month's statement (seed-demo-bank.ts).
    const method = enrolment.course.offer === 'camp' && (camps += 1) % 8 === 0 ? ('bank_transfer' as const) : ('cash' as const);
    return { enrolment, at, method, paidCents: enrolment.instalments[0]?.amountCents ?? enrolment.amountCents };
  });
  const paidIds = await insertRows(tx, 'transactions', fees.map(({ enrolment, at, method, paidCents }) => (
    { kind: 'enrolment', enrolmentId: enrolment.id, userId: enrolment.userId, amountCents: paidCents, method, status: 'completed', paidAt: at, createdAt: at, description: 'Iscrizione ai corsi' }
  )));
  for (const [index, { enrolment, at, method, paidCents }] of fees.entries()) {
    const context = { userId: enrolment.userId, enrolmentId: enrolment.id, effectiveAt: at };
    const receivable = enrolmentReceivable(enrolment.id);
    const charged = chargeEntry(`enrolment:${enrolment.id}:charge`, receivable, enrolment.amountCents, { ...context, description: `Iscrizione: ${enrolment.course.name}` });
    await postMany(tx, [charged, paymentEntry(`payment:${paidIds[index]!}`, moneyAccount(method), [{ receivable, cents: paidCents }], { ...context, transactionId: paidIds[index]! })]);
  }
  return enrolments.length;
}
