// The demo volume as the back-office shows it: nothing dated after the moment it was made, and every
// BVU fiscal code valid and matching its holder's birth date and gender. Seeded at two moments of the
// year: late November (the season is over) and mid-June (part of the season is still to come).
import { AGE_LIMITS, ageOn } from '@beach/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoDatabase } from '../test/demo-database.js';
import { CodiceFiscale } from '../test/members.js';
import { fiscalCodeProblem } from '../modules/memberships/fiscal-code.js';
import { toIsoDate } from '../lib/time.js';
import { seedDemoVolume } from './seed-demo.js';

const moments = ['2026-11-23T09:00:00Z', '2026-06-15T10:00:00Z'];
// Each a copy of the run's demo season seeded at that moment (test/demo-database.ts): the seeding is what is checked.
const databases = await Promise.all(moments.map((moment) => useDemoDatabase(moment)));

describe.each(moments.map((moment, index) => [moment, databases[index]!.db] as const))('demo data seeded at %s', (moment, db) => {
  const now = new Date(moment);

  it('dates nothing after now, and starts no card in the future', async () => {
    const [latest] = await db.$queryRaw<Record<string, Date | null>[]>`
      SELECT
        (SELECT max(created_at) FROM users WHERE email LIKE '%@esempio.it') AS users_created,
        (SELECT max(email_verified_at) FROM users WHERE email LIKE '%@esempio.it') AS users_verified,
        (SELECT max(created_at) FROM memberships) AS cards_created,
        (SELECT max(activated_at) FROM memberships) AS cards_activated,
        (SELECT max(created_at) FROM transactions) AS payments_created,
        (SELECT max(paid_at) FROM transactions) AS payments_paid,
        (SELECT max(created_at) FROM bookings) AS bookings_created,
        (SELECT max(cancelled_at) FROM bookings) AS bookings_cancelled,
        (SELECT max(created_at) FROM medical_certificates) AS certificates_created,
        (SELECT max(verified_at) FROM medical_certificates) AS certificates_verified`;
    for (const [column, value] of Object.entries(latest!)) expect(value!.getTime(), column).toBeLessThanOrEqual(now.getTime());

    const today = moment.slice(0, 10);
    const [days] = await db.$queryRaw<Record<string, Date>[]>`
      SELECT
        (SELECT max(start_date) FROM memberships) AS cards_start,
        (SELECT max(issue_date) FROM bvu_members) AS bvu_issued,
        (SELECT max(date) FROM expenses) AS expenses,
        (SELECT max(date) FROM incomes) AS incomes,
        (SELECT max(issue_date) FROM medical_certificates) AS certificates_issued`;
    for (const [column, value] of Object.entries(days!)) expect(toIsoDate(value) <= today, `${column}: ${toIsoDate(value)}`).toBe(true);

    const [order] = await db.$queryRaw<{ cancelled_before_made: number; paid_before_booked: number; active_not_started: number }[]>`
      SELECT
        (SELECT count(*) FROM bookings WHERE cancelled_at < created_at)::int AS cancelled_before_made,
        (SELECT count(*) FROM transactions t JOIN bookings b ON b.id = t.booking_id WHERE t.paid_at < b.created_at)::int AS paid_before_booked,
        (SELECT count(*) FROM memberships WHERE status = 'active' AND start_date > ${today}::date)::int AS active_not_started`;
    expect(order).toEqual({ cancelled_before_made: 0, paid_before_booked: 0, active_not_started: 0 });
  });

  it('closes last season’s year, as the assembly approved it, by the admin', async () => {
    const closed = await db.closedYear.findMany({ include: { closedBy: { select: { role: true } } } });
    expect(closed.map((row) => [toIsoDate(row.startsOn), toIsoDate(row.endsOn), row.closedBy.role, row.reopenedAt])).toEqual([['2025-01-01', '2025-12-31', 'admin', null]]);
  });

  it('gives every BVU member a valid fiscal code of their own birth date and gender, and the same on their card', async () => {
    const members = await db.bvuMember.findMany({ select: { id: true, fiscalCode: true, birthDate: true, gender: true } });
    expect(members).toHaveLength(300);
    const problems = members.flatMap((member) => {
      const problem = fiscalCodeProblem(member.fiscalCode, toIsoDate(member.birthDate!));
      const gender = new CodiceFiscale(member.fiscalCode).gender;
      return problem || gender !== member.gender ? [{ ...member, problem, gender }] : [];
    });
    expect(problems).toEqual([]);
    const cards = await db.membership.findMany({ where: { bvuMemberId: { not: null } }, select: { fiscalCode: true, bvuMember: { select: { fiscalCode: true } } } });
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.fiscalCode).toBe(card.bvuMember!.fiscalCode);
  });

  it('links each BVU card to the BVU record of its own holder', async () => {
    const cards = await db.membership.findMany({
      where: { bvuMemberId: { not: null } },
      select: { user: { select: { firstName: true, lastName: true, birthDate: true } }, bvuMember: { select: { firstName: true, lastName: true, birthDate: true } } },
    });
    expect(cards.length).toBeGreaterThan(20);
    const strangers = cards.filter(({ user, bvuMember }) => user.firstName !== bvuMember!.firstName || user.lastName !== bvuMember!.lastName || user.birthDate?.getTime() !== bvuMember!.birthDate?.getTime());
    expect(strangers).toEqual([]);
  });

  it('gives under-18 and under-23 cards only to holders under that age on the card’s first day', async () => {
    const cards = await db.membership.findMany({ where: { type: { in: ['under_18', 'under_23'] } }, select: { type: true, startDate: true, user: { select: { birthDate: true } } } });
    expect(new Set(cards.map((card) => card.type))).toEqual(new Set(['under_18', 'under_23']));
    const tooOld = cards.filter((card) => ageOn(toIsoDate(card.user.birthDate!), toIsoDate(card.startDate)) >= AGE_LIMITS[card.type]!);
    expect(tooOld).toEqual([]);
  });

  it('gives every activated card its QR code, as a purchase does, and none to a card still pending', async () => {
    const [counts] = await db.$queryRaw<{ active: number; active_without_qr: number; pending_with_qr: number }[]>`
      SELECT
        count(*) FILTER (WHERE status = 'active')::int AS active,
        count(*) FILTER (WHERE status <> 'pending' AND qr_code IS NULL)::int AS active_without_qr,
        count(*) FILTER (WHERE status = 'pending' AND qr_code IS NOT NULL)::int AS pending_with_qr
      FROM memberships`;
    expect(counts!.active).toBeGreaterThan(0);
    expect(counts).toMatchObject({ active_without_qr: 0, pending_with_qr: 0 });
  });

  it('gives the active cards’ holders certificates in every state, mostly valid, and fills in the association’s receipt details', async () => {
    const today = moment.slice(0, 10);
    const [states] = await db.$queryRaw<{ missing: number; to_verify: number; expired: number; expiring: number; valid: number }[]>`
      WITH holders AS (SELECT DISTINCT user_id FROM memberships WHERE status = 'active'),
      latest AS (SELECT DISTINCT ON (user_id) user_id, expiry_date, verified_at FROM medical_certificates ORDER BY user_id, expiry_date DESC)
      SELECT
        count(*) FILTER (WHERE l.user_id IS NULL)::int AS missing,
        count(*) FILTER (WHERE l.verified_at IS NULL AND l.user_id IS NOT NULL)::int AS to_verify,
        count(*) FILTER (WHERE l.verified_at IS NOT NULL AND l.expiry_date < ${today}::date)::int AS expired,
        count(*) FILTER (WHERE l.verified_at IS NOT NULL AND l.expiry_date BETWEEN ${today}::date AND ${today}::date + 30)::int AS expiring,
        count(*) FILTER (WHERE l.verified_at IS NOT NULL AND l.expiry_date > ${today}::date + 30)::int AS valid
      FROM holders h LEFT JOIN latest l ON l.user_id = h.user_id`;
    for (const [state, count] of Object.entries(states!)) expect(count, state).toBeGreaterThan(0);
    expect(states!.valid).toBeGreaterThan(states!.missing + states!.to_verify + states!.expired + states!.expiring);
    const association = await db.association.findUniqueOrThrow({ where: { id: 1 } });
    expect(association).toMatchObject({ address: expect.any(String), fiscalCode: '01234567897', email: 'info@adriaticabeach.it', receiptSignatory: expect.any(String) });
  });

  it('pays a few cards and camp deposits by bank transfer, each on its day’s statement with its RF reference (or its payer’s name), matched to it and moved into the bank', async () => {
    // Each transfer payment's line: same day, same amount, its reference naming what it paid (a deposit matched by name has none), matched to it by the import and posted into the bank.
    const transfers = await db.$queryRaw<{ kind: string; lines: number }[]>`
      WITH paid AS (
        SELECT t.kind::text AS kind, t.amount_cents, (t.paid_at AT TIME ZONE 'Europe/Rome')::date AS day,
          CASE WHEN t.kind = 'membership' THEN 'membership:' || t.membership_id ELSE 'enrolment:' || t.enrolment_id || ':1' END AS target,
          CASE WHEN t.kind = 'membership' THEN 'M' || t.membership_id ELSE 'E' || t.enrolment_id || 'S1' END AS reference_body
        FROM transactions t WHERE t.method = 'bank_transfer' AND t.type = 'payment' AND t.status = 'completed')
      SELECT paid.kind, (SELECT count(*) FROM bank_lines l
        WHERE l.state = 'matched' AND l.match_target = paid.target AND l.amount_cents = paid.amount_cents AND l.booked_on = paid.day
          AND (l.creditor_reference IS NULL OR (substr(l.creditor_reference, 5) = paid.reference_body AND l.remittance LIKE '%' || l.creditor_reference))
          AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.key = 'bank-line:' || l.id AND (e.effective_at AT TIME ZONE 'Europe/Rome')::date = l.booked_on))::int AS lines
      FROM paid`;
    expect(transfers.filter((transfer) => transfer.kind === 'membership').length).toBeGreaterThanOrEqual(5);
    expect(transfers.filter((transfer) => transfer.kind === 'enrolment').length).toBeGreaterThanOrEqual(5);
    expect(transfers.filter((transfer) => transfer.lines !== 1)).toEqual([]);
    // The books' bank balance is the last statement's closing balance.
    const [balances] = await db.$queryRaw<{ bank: number; closing: number }[]>`
      SELECT
        (SELECT coalesce(sum(p.amount_cents), 0) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.key LIKE 'bank:IT%' AND p.phase::text IN ('posted', 'post_pending'))::int AS bank,
        (SELECT closing_cents FROM bank_statements ORDER BY to_date DESC, id DESC LIMIT 1)::int AS closing`;
    expect(balances!.bank).toBe(balances!.closing);
  });

  it('changes nothing when run a second time', async () => {
    const count = () => db.$queryRaw<{ users: number; cards: number; bvu: number; certificates: number; association_saved: Date }[]>`
      SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM memberships)::int AS cards, (SELECT count(*) FROM bvu_members)::int AS bvu,
        (SELECT count(*) FROM medical_certificates)::int AS certificates, (SELECT max(updated_at) FROM association) AS association_saved`;
    const before = await count();
    await seedDemoVolume(db, { year: 2026, now, passwordHash: 'not-a-login', log: () => {} });
    expect(await count()).toEqual(before);
  });
});

describe.each(moments.map((moment, index) => [moment, databases[index]!.db] as const))('the demo school seeded at %s', (moment, db) => {
  const now = new Date(moment);

  it('makes three coaches who sign in with the demo password’s hash, and six courses on the D courts', async () => {
    const coaches = await db.user.findMany({ where: { role: 'coach' }, select: { email: true, passwordHash: true } });
    expect(coaches.map((coach) => coach.email).sort()).toEqual(['allenatore1@demo.beach', 'allenatore2@demo.beach', 'allenatore3@demo.beach']);
    expect(new Set(coaches.map((coach) => coach.passwordHash))).toEqual(new Set(['not-a-login']));
    const courses = await db.course.findMany({ where: { offer: 'course' }, include: { coach: { select: { role: true } }, courts: { include: { court: { select: { row: true } } } } } });
    expect(courses).toHaveLength(6);
    for (const course of courses) {
      expect(course.coach?.role, course.name).toBe('coach');
      expect(course.courts.length, course.name).toBeGreaterThan(0);
      expect(course.courts.every(({ court }) => court.row === 'D'), course.name).toBe(true);
    }
    expect(courses.filter((course) => course.startsOn <= now && course.endsOn >= now)).toHaveLength(2);
  });

  it('publishes ten private lessons of the coaches on a D court, none meeting a course’s session', async () => {
    const slots = await db.lessonSlot.findMany({ include: { court: { select: { row: true } }, coach: { select: { role: true } } } });
    expect(slots).toHaveLength(10);
    expect(slots.every((slot) => slot.court.row === 'D' && slot.coach.role === 'coach' && slot.startsAt > now)).toBe(true);
    const [clashing] = await db.$queryRaw<{ clashes: number }[]>`
      SELECT count(*)::int AS clashes FROM lesson_slots l JOIN court_closures k ON k.court_id = l.court_id AND k.starts_at < l.ends_at AND k.ends_at > l.starts_at`;
    expect(clashing).toEqual({ clashes: 0 });
  });

  it('has sessions in the week from now, each holding its course’s courts by a closure named after it', async () => {
    expect(await db.courseSession.count({ where: { startsAt: { gte: now, lt: new Date(now.getTime() + 7 * 86_400_000) } } })).toBeGreaterThanOrEqual(3);
    const [holds] = await db.$queryRaw<{ unheld: number; wrong: number }[]>`
      SELECT
        (SELECT count(*) FROM course_sessions s JOIN course_courts cc ON cc.course_id = s.course_id
          WHERE NOT EXISTS (SELECT 1 FROM court_closures k WHERE k.course_session_id = s.id AND k.court_id = cc.court_id))::int AS unheld,
        (SELECT count(*) FROM court_closures k JOIN course_sessions s ON s.id = k.course_session_id JOIN courses c ON c.id = s.course_id
          WHERE k.reason <> 'Corso: ' || c.name OR k.starts_at <> s.starts_at OR k.ends_at <> s.ends_at)::int AS wrong`;
    expect(holds).toEqual({ unheld: 0, wrong: 0 });
  });

  it('counts each course’s places, takes children only of its ages, and records attendance of past sessions only, by the coach', async () => {
    const [checks] = await db.$queryRaw<{ miscounted: number; wrong_age: number; future_attendance: number; not_by_coach: number; attendances: number }[]>`
      SELECT
        (SELECT count(*) FROM courses c WHERE c.places_taken <> (SELECT count(*) FROM course_enrolments e WHERE e.course_id = c.id AND e.kind = 'course' AND e.status <> 'cancelled'))::int AS miscounted,
        (SELECT count(*) FROM course_enrolments e JOIN courses c ON c.id = e.course_id JOIN children ch ON ch.id = e.child_id
          WHERE date_part('year', age(c.starts_on, ch.birth_date)) NOT BETWEEN c.min_age AND c.max_age)::int AS wrong_age,
        (SELECT count(*) FROM course_attendances a JOIN course_sessions s ON s.id = a.session_id WHERE s.ends_at > ${now} OR a.recorded_at > ${now})::int AS future_attendance,
        (SELECT count(*) FROM course_attendances a JOIN course_sessions s ON s.id = a.session_id JOIN courses c ON c.id = s.course_id WHERE a.recorded_by_id IS DISTINCT FROM c.coach_id)::int AS not_by_coach,
        (SELECT count(*) FROM course_attendances)::int AS attendances`;
    expect(checks).toMatchObject({ miscounted: 0, wrong_age: 0, future_attendance: 0, not_by_coach: 0 });
    expect(checks!.attendances).toBeGreaterThan(0);
    expect(await db.child.count({ where: { healthNotes: { not: null } } })).toBeGreaterThan(0);
  });

  it('has each paid enrolment in the books: charged its price, paid at the desk or by transfer, nothing left owed but a camp’s balance', async () => {
    // What each confirmed enrolment was paid: a camp's deposit (its first instalment), else its price.
    const [books] = await db.$queryRaw<{ paid: number; unbooked: number; owing: number; cash: number; fees: number; balances: number }[]>`
      WITH due AS (
        SELECT e.id, e.amount_cents, coalesce((SELECT i.amount_cents FROM enrolment_instalments i WHERE i.enrolment_id = e.id AND i.seq = 1 AND c.offer = 'camp'), e.amount_cents) AS paid_cents
        FROM course_enrolments e JOIN courses c ON c.id = e.course_id WHERE e.status = 'confirmed' AND e.amount_cents > 0)
      SELECT
        (SELECT count(*) FROM due)::int AS paid,
        (SELECT count(*) FROM due WHERE NOT EXISTS (
          SELECT 1 FROM transactions t WHERE t.enrolment_id = due.id AND t.kind = 'enrolment' AND t.status = 'completed' AND t.amount_cents = due.paid_cents))::int AS unbooked,
        (SELECT count(*) FROM ledger_accounts a JOIN due ON a.key = 'enrolment:' || due.id WHERE a.debits_posted - a.credits_posted <> due.amount_cents - due.paid_cents)::int AS owing,
        (SELECT coalesce(sum(p.amount_cents), 0) FROM ledger_postings p JOIN ledger_entries le ON le.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
          WHERE le.enrolment_id IS NOT NULL AND le.kind = 'payment' AND a.key IN ('till:cash', 'till:bank_transfer'))::int AS cash,
        (SELECT coalesce(sum(paid_cents), 0) FROM due)::int AS fees,
        (SELECT count(*) FROM due WHERE paid_cents < amount_cents)::int AS balances`;
    expect(books!.paid).toBeGreaterThan(0);
    expect(books!.balances).toBeGreaterThan(0);
    expect(books).toMatchObject({ unbooked: 0, owing: 0, cash: books!.fees });
  });

  it('has ten camp weeks of next summer, Mondays to Fridays, no two on a court at once, their bands counting the children of their ages', async () => {
    const camps = await db.course.findMany({ where: { offer: 'camp' }, include: { bands: true, courts: true, _count: { select: { sessions: true } } }, orderBy: { startsOn: 'asc' } });
    expect(camps.map((camp) => toIsoDate(camp.startsOn))).toEqual(['2027-06-14', '2027-06-21', '2027-06-28', '2027-07-05', '2027-07-12', '2027-07-19', '2027-07-26', '2027-08-02', '2027-08-09', '2027-08-16']);
    for (const camp of camps) expect([camp._count.sessions, camp.bands.length, camp.depositCents, camp.siblingDiscountPercent], camp.name).toEqual([5, 2, 5000, 10]);
    const [checks] = await db.$queryRaw<{ overlapping: number; band_miscounted: number; wrong_band: number }[]>`
      SELECT
        (SELECT count(*) FROM court_closures a JOIN court_closures b ON a.court_id = b.court_id AND a.id < b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
          WHERE a.course_session_id IS NOT NULL AND b.course_session_id IS NOT NULL)::int AS overlapping,
        (SELECT count(*) FROM course_bands b WHERE b.places_taken <> (SELECT count(*) FROM course_enrolments e WHERE e.band_id = b.id AND e.status <> 'cancelled'))::int AS band_miscounted,
        (SELECT count(*) FROM course_enrolments e JOIN course_bands b ON b.id = e.band_id JOIN courses c ON c.id = e.course_id JOIN children ch ON ch.id = e.child_id
          WHERE date_part('year', age(c.starts_on, ch.birth_date)) NOT BETWEEN b.min_age AND b.max_age)::int AS wrong_band`;
    expect(checks).toEqual({ overlapping: 0, band_miscounted: 0, wrong_band: 0 });
  });
});
