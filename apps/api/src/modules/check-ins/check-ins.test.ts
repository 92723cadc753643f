// Check-in at the desk through the real database: every verdict of a card read by QR or number, bad
// input answered in Italian, an entrance recorded once even when scanned twice at the same moment, the
// day's list and counts, "presente" on the planner, the audit entry, roles and the rate limit.
import { randomUUID } from 'node:crypto';
import { CERTIFICATE_STATE_LABELS, CHECK_IN_PENDING_REASONS, CHECK_IN_UNKNOWN_REASONS, NUL_MESSAGE, type TCheckInLookup } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, fromIsoDate, instantInRome, timeOf, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';
import { createCourse, enrol } from '../coaching/coaching.fixtures.js';
import { verifyUrl } from '../memberships/memberships.dto.js';

const WEB_ORIGIN = 'http://web.example.test';
const { app, db } = await useTestApp({ WEB_ORIGIN });

// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: ReturnType<typeof bearer>;
let admin: ReturnType<typeof bearer>;
let staffId: number;

let serial = 0;
/** A member with one card (a member's live cards never overlap), written straight to the database with a QR token. */
async function memberWithCard({ status = 'active' as 'active' | 'pending' | 'expired', start = addDays(today, -10), end = addDays(today, 30), firstName = 'Bianca', lastName = 'Fontana' } = {}) {
  const member = await createMember(db, { firstName, lastName });
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2031) AS number`;
  const card = await db.membership.create({
    data: {
      membershipNumber: issued!.number,
      userId: member.id,
      type: 'seasonal',
      status,
      fiscalCode: member.fiscalCode,
      startDate: fromIsoDate(start),
      endDate: fromIsoDate(end),
      originalPriceCents: 6000,
      priceCents: 6000,
      qrCode: `qr-token_${Date.now()}-${++serial}-abcdefghijklmnop`,
      activatedAt: status === 'pending' ? null : new Date(),
    },
  });
  return { member, card, url: verifyUrl(WEB_ORIGIN, card.qrCode!) };
}

const lookup = (code: string) => request(app).get('/api/admin/check-ins/lookup').query({ code }).set(staff);
const verdictOf = async (code: string) => {
  const response = await lookup(code);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as TCheckInLookup;
};
const checkIn = (body: Record<string, unknown>, auth = staff) => request(app).post('/api/admin/check-ins').set(auth).send(body);

beforeAll(async () => {
  const [staffToken, adminToken] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
  staff = bearer(staffToken);
  admin = bearer(adminToken);
  staffId = (await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } })).id;
});

describe('GET /api/admin/check-ins/lookup', () => {
  it('reads a valid card from its QR address, with the holder as the public page shows it and today’s booking', async () => {
    const { member, card, url } = await memberWithCard({ firstName: 'Bianca', lastName: 'fontana' });
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C2' } });
    const booking = await db.booking.create({
      data: { courtId: court.id, userId: member.id, startsAt: instantInRome(today, '09:00'), endsAt: instantInRome(today, '10:30'), priceCents: 2000, status: 'confirmed' },
    });

    const answer = await verdictOf(url);
    expect(answer).toEqual({
      verdict: 'valid',
      reason: null,
      card: { membership_id: card.id, membership_number: card.membershipNumber, type: 'seasonal', start_date: addDays(today, -10), end_date: addDays(today, 30), holder: 'Bianca F.' },
      bookings_today: [{ id: booking.id, court: { id: court.id, code: 'C2', name: court.name, row: 'C' }, starts_at: booking.startsAt.toISOString(), ends_at: booking.endsAt.toISOString(), start: '09:00', end: '10:30' }],
      last_check_in_at: null,
      medical_certificate: { state: 'missing', label: CERTIFICATE_STATE_LABELS.missing, warning: null },
      instalment_warning: null,
      school_session: null,
    });

    // No more than the public verification page: the same card fields (plus the id to record the entrance).
    const publicPage = await request(app).get(`/api/memberships/verify/${card.qrCode}`).expect(200);
    expect(publicPage.body).toEqual({ status: 'valid', ...answer.card, membership_id: undefined });
    expect(Object.keys(publicPage.body).sort()).toEqual(['end_date', 'holder', 'membership_number', 'start_date', 'status', 'type']);
  });

  it('reads a typed card number in any case with spaces around', async () => {
    const { card } = await memberWithCard();
    const answer = await verdictOf(`  ${card.membershipNumber.toLowerCase()} `);
    expect(answer.verdict).toBe('valid');
    expect(answer.card?.membership_id).toBe(card.id);
  });

  it('names the holder’s own school session starting within half an hour or in progress, not a later one nor their child’s', async () => {
    const { member, card } = await memberWithCard({ firstName: 'Carla', lastName: 'Corsista' });
    const { course } = await createCourse(db, staffId, [], 'Under 14');
    const minutesFromNow = (minutes: number) => new Date(Math.floor(Date.now() / 60_000 + minutes) * 60_000);
    const session = (startsAt: Date) => db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) } });
    const later = await session(minutesFromNow(45));
    const place = await enrol(db, { courseId: course.id, userId: member.id, kind: 'lesson', sessionId: later.id });
    expect((await verdictOf(card.membershipNumber)).school_session).toBeNull();

    const soon = await session(minutesFromNow(20));
    await db.courseEnrolment.update({ where: { id: place.id }, data: { sessionId: soon.id } });
    expect((await verdictOf(card.membershipNumber)).school_session).toBe(`Corso Under 14 alle ${timeOf(soon.startsAt)}`);
    const running = await session(minutesFromNow(-30));
    await db.courseEnrolment.update({ where: { id: place.id }, data: { sessionId: running.id } });
    expect((await verdictOf(card.membershipNumber)).school_session).toBe(`Corso Under 14 alle ${timeOf(running.startsAt)}`);

    // A child's place is not on the parent's card.
    await db.courseEnrolment.update({ where: { id: place.id }, data: { childId: (await db.child.create({ data: { parentId: member.id, firstName: 'Lia', lastName: 'Corsista', birthDate: fromIsoDate('2014-02-02') } })).id } });
    expect((await verdictOf(card.membershipNumber)).school_session).toBeNull();
  });

  it('shows the holder’s medical certificate, and warns while "richiedi certificato valido" is on and it is not valid', async () => {
    const { member, card } = await memberWithCard();
    const noCertificate = await verdictOf(card.membershipNumber);
    expect(noCertificate.medical_certificate).toEqual({ state: 'missing', label: CERTIFICATE_STATE_LABELS.missing, warning: null });
    await request(app).put('/api/admin/certificates/settings').set(admin).send({ require_valid_certificate: true }).expect(200);
    try {
      const warned = await verdictOf(card.membershipNumber);
      expect(warned.medical_certificate?.state).toBe('missing');
      expect(warned.medical_certificate?.warning).toMatch(/certificato/i);
      // The entrance is recorded only once the desk confirms it, knowing.
      const unconfirmed = await checkIn({ membership_id: card.id, court_row: 'B' }).expect(409);
      expect(unconfirmed.body.message).toBe(`${warned.medical_certificate!.warning} Conferma per registrare comunque l’ingresso.`);
      expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(0);
      await checkIn({ membership_id: card.id, court_row: 'B', without_valid_certificate: true }).expect(201);
      await checkIn({ membership_id: card.id, court_row: 'B', without_valid_certificate: 'sì' }).expect(422);
      await db.medicalCertificate.create({
        data: { userId: member.id, kind: 'non_agonistico', issuedBy: 'Dott. Rossi', issueDate: fromIsoDate(addDays(today, -30)), expiryDate: fromIsoDate(addDays(today, 300)), verifiedAt: new Date(), verifiedById: staffId },
      });
      expect((await verdictOf(card.membershipNumber)).medical_certificate).toEqual({ state: 'valid', label: CERTIFICATE_STATE_LABELS.valid, warning: null });
    } finally {
      await request(app).put('/api/admin/certificates/settings').set(admin).send({ require_valid_certificate: false }).expect(200);
    }
  });

  it('says expired, not yet valid and withdrawn in the desk’s words, and why a card not active yet cannot enter', async () => {
    const expiredByDate = await memberWithCard({ start: addDays(today, -40), end: addDays(today, -1) });
    const expiredByStatus = await memberWithCard({ status: 'expired' });
    const future = await memberWithCard({ start: addDays(today, 2), end: addDays(today, 9) });
    const pending = await memberWithCard({ status: 'pending' });
    expect((await verdictOf(expiredByDate.url)).verdict).toBe('expired');
    expect((await verdictOf(expiredByStatus.card.membershipNumber)).verdict).toBe('expired');
    expect((await verdictOf(future.url)).verdict).toBe('not_yet_valid');
    expect(await verdictOf(pending.url)).toMatchObject({ verdict: 'withdrawn', reason: CHECK_IN_PENDING_REASONS.unpaid });
    const free = await memberWithCard({ status: 'pending', firstName: 'Under', lastName: 'Diciotto' });
    await db.membership.update({ where: { id: free.card.id }, data: { priceCents: 0, originalPriceCents: 0 } });
    expect(await verdictOf(free.url)).toMatchObject({ verdict: 'withdrawn', reason: CHECK_IN_PENDING_REASONS.free });
    expect((await verdictOf(expiredByStatus.card.membershipNumber)).reason).toBeNull();
  });

  it('answers "Tessera sconosciuta" with the reason for codes that name no card of the centre, never an error', async () => {
    const deleted = await memberWithCard();
    await db.membership.delete({ where: { id: deleted.card.id } });
    const unknown = (reason: keyof typeof CHECK_IN_UNKNOWN_REASONS) => ({ verdict: 'unknown', reason: CHECK_IN_UNKNOWN_REASONS[reason], card: null, bookings_today: [], last_check_in_at: null });

    expect(await verdictOf(deleted.url)).toEqual(unknown('not_found'));
    expect(await verdictOf('T2031-99999')).toEqual(unknown('not_found'));
    expect(await verdictOf(deleted.url.replace(WEB_ORIGIN, 'https://altro-sito.example'))).toEqual(unknown('other_site'));
    expect(await verdictOf('WIFI:S:Spiaggia;T:WPA;P:segreta;;')).toEqual(unknown('foreign'));
    expect(await verdictOf(`${WEB_ORIGIN}/verifica-tessera/../../admin`)).toEqual(unknown('foreign'));
    expect(await verdictOf('%%%<script>')).toEqual(unknown('foreign'));
    // A NUL is no text at all: refused like in any other field.
    const nul = await lookup('%%%\u0000<script>');
    expect([nul.status, nul.body.errors]).toEqual([422, { code: [NUL_MESSAGE] }]);
  });

  it('refuses an empty or oversized code with an Italian field message', async () => {
    const empty = await lookup('   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.code).toEqual(['Inquadra il QR della tessera o scrivi il numero.']);
    const long = await lookup('x'.repeat(501));
    expect(long.status).toBe(422);
    expect(long.body.errors.code).toEqual(['Codice troppo lungo: al massimo 500 caratteri.']);
  });
});

describe('POST /api/admin/check-ins', () => {
  it('answers a double click (the same request, its key, twice at once) with the success, recorded once; another request 409', async () => {
    const { card } = await memberWithCard({ firstName: 'Dario', lastName: 'Doppio' });
    const body = { membership_id: card.id, court_row: 'C', request_key: randomUUID() };
    const [first, second] = await Promise.all([checkIn(body), checkIn(body)]);
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([201, 201]);
    expect([first.body.message, second.body.message]).toEqual(['Ingresso registrato: Dario D.', 'Ingresso registrato: Dario D.']);
    expect(second.body.check_in.id).toBe(first.body.check_in.id);
    const another = await checkIn({ ...body, request_key: randomUUID() });
    expect(another.status).toBe(409);
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(1);
  });

  it('counts an entrance again once its ten minutes have passed, by the API’s clock, which stamps it', async () => {
    const { card } = await memberWithCard({ firstName: 'Rita', lastName: 'Ritorno' });
    const first = await checkIn({ membership_id: card.id, court_row: 'A' }).expect(201);
    const stamped = new Date(first.body.check_in.checked_in_at).getTime();
    // Nine minutes later it is still the same entrance; eleven minutes later it is another.
    vi.useFakeTimers({ toFake: ['Date'], now: stamped + 9 * 60_000 });
    try {
      await checkIn({ membership_id: card.id, court_row: 'A' }).expect(409);
      vi.setSystemTime(stamped + 11 * 60_000);
      await checkIn({ membership_id: card.id, court_row: 'A' }).expect(201);
    } finally {
      vi.useRealTimers();
    }
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(2);
  });

  it('records a walk-in on row B once, with its audit entry, and lists it with the day’s counts', async () => {
    const { member, card } = await memberWithCard({ firstName: 'Carla', lastName: 'Rossi' });
    const first = await checkIn({ membership_id: card.id, court_row: 'B' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe('Ingresso registrato: Carla R.');
    expect(first.body.check_in).toMatchObject({ membership_id: card.id, membership_number: card.membershipNumber, holder: 'Carla R.', court_row: 'B', booking: null, staff: 'Stefano Segreteria' });

    const again = await checkIn({ membership_id: card.id, court_row: 'B' });
    expect(again.status).toBe(409);
    const time = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(first.body.check_in.checked_in_at));
    expect(again.body.message).toBe(`Ingresso già registrato alle ${time}: non viene contato due volte.`);
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(1);

    const entries = await db.auditLog.findMany({ where: { entityType: 'check_ins', entityId: first.body.check_in.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: staffId, subjectUserId: member.id, action: 'check-in', route: 'POST /api/admin/check-ins' });

    expect((await verdictOf(card.membershipNumber)).last_check_in_at).toBe(first.body.check_in.checked_in_at);
    const exported = await request(app).get('/api/me/export').set(bearer(member.token)).expect(200);
    expect(exported.body.check_ins).toEqual([{ checked_in_at: first.body.check_in.checked_in_at, membership_number: card.membershipNumber, court_row: 'B', booking_id: null }]);
    const day = await request(app).get('/api/admin/check-ins').set(admin).expect(200);
    expect(day.body.date).toBe(today);
    expect(day.body.data.map((row: { id: number }) => row.id)).toContain(first.body.check_in.id);
    expect(day.body.counts.total).toBe(day.body.data.length);
    expect(day.body.counts.by_row.B).toBeGreaterThanOrEqual(1);
    expect(day.body.counts.walk_in + day.body.counts.with_booking).toBe(day.body.counts.total);
    const tomorrow = await request(app).get('/api/admin/check-ins').query({ date: addDays(today, 1) }).set(staff).expect(200);
    expect(tomorrow.body).toMatchObject({ date: addDays(today, 1), data: [], counts: { total: 0, by_row: { A: 0, B: 0, C: 0, D: 0 } } });
  });

  it('records the entrance as its row, in its transaction: when the entry cannot be written no entrance is kept', async () => {
    const { member, card } = await memberWithCard();
    await whileRefusing(db, 'audit_log', () => checkIn({ membership_id: card.id, court_row: 'A' }).expect(500));
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(0);

    const recorded = await checkIn({ membership_id: card.id, court_row: 'A' }).expect(201);
    const id = recorded.body.check_in.id as number;
    expect(await lastAuditOf(db, 'check_ins', id)).toMatchObject({
      action: 'check-in',
      route: 'POST /api/admin/check-ins',
      actorId: staffId,
      subjectUserId: member.id,
      input: { membership_id: card.id, court_row: 'A' },
      beforeData: null,
      afterData: { id, membership_id: card.id, user_id: member.id, staff_id: staffId, court_row: 'A' },
    });
  });

  it('counts a card scanned by two desks at the same moment once (the card’s row lock)', async () => {
    const { card } = await memberWithCard();
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkIn({ membership_id: card.id, court_row: 'B' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(1);
  });

  it('records a booking’s entrance on its court’s row and the planner shows it present', async () => {
    const { member, card } = await memberWithCard();
    const other = await memberWithCard();
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    const [mine, theirs] = await Promise.all([
      db.booking.create({ data: { courtId: court.id, userId: member.id, startsAt: instantInRome(today, '12:00'), endsAt: instantInRome(today, '13:30'), priceCents: 2000, status: 'confirmed' } }),
      db.booking.create({ data: { courtId: court.id, userId: other.member.id, startsAt: instantInRome(today, '13:30'), endsAt: instantInRome(today, '15:00'), priceCents: 2000, status: 'confirmed' } }),
    ]);

    const wrong = await checkIn({ membership_id: card.id, booking_id: theirs.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.booking_id).toEqual(['Questa prenotazione non è del titolare della tessera per oggi.']);

    const recorded = await checkIn({ membership_id: card.id, booking_id: mine.id, court_row: 'B' });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(recorded.body.check_in).toMatchObject({ court_row: 'C', booking: { id: mine.id, court: { code: 'C3' }, start: '12:00', end: '13:30' } });

    const planner = await request(app).get('/api/admin/bookings/planner').query({ date: today }).set(staff).expect(200);
    const presence = Object.fromEntries(planner.body.bookings.map((booking: { id: number; checked_in: boolean }) => [booking.id, booking.checked_in]));
    expect(presence).toMatchObject({ [mine.id]: true, [theirs.id]: false });
  });

  it('refuses a card that is not valid today, and writes nothing', async () => {
    const { card } = await memberWithCard({ start: addDays(today, -40), end: addDays(today, -1) });
    const refused = await checkIn({ membership_id: card.id, court_row: 'B' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Tessera scaduta: l’ingresso non si registra.');
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(0);
  });

  it('answers bad input with Italian field messages (4xx, never 500)', async () => {
    const { card } = await memberWithCard();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ membership_id: 2_147_483_648, court_row: 'B' }, 'membership_id', 'Tessera non valida.'],
      [{ membership_id: 'abc', court_row: 'B' }, 'membership_id', 'Tessera non valida.'],
      [{ membership_id: card.id, booking_id: 0 }, 'booking_id', 'Prenotazione non valida.'],
      [{ membership_id: card.id, court_row: 'Z' }, 'court_row', 'Scegli la fila dei campi.'],
      [{ membership_id: card.id }, 'court_row', 'Scegli la fila dei campi.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await checkIn(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
    }
    const missing = await checkIn({ membership_id: 2_147_483_647, court_row: 'B' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Tessera non trovata.');
    const badDay = await request(app).get('/api/admin/check-ins').query({ date: '2026-13-40' }).set(staff);
    expect(badDay.status).toBe(422);
    expect(badDay.body.errors.date).toEqual(['Inserisci una data valida.']);
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(0);
  });
});

describe('access', () => {
  it('is for staff and admins: a visitor gets 401, a member 403', async () => {
    const { card, member } = await memberWithCard();
    const routes = [
      () => request(app).get('/api/admin/check-ins/lookup').query({ code: card.membershipNumber }),
      () => request(app).get('/api/admin/check-ins'),
      () => request(app).post('/api/admin/check-ins').send({ membership_id: card.id, court_row: 'B' }),
    ];
    for (const route of routes) {
      expect((await route()).status).toBe(401);
      expect((await route().set(bearer(member.token))).status).toBe(403);
    }
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(0);
  });
});

// Last: it uses up this address's reads for the minute.
describe('rate limit', () => {
  it('limits card reads from one address like the public verification page', async () => {
    const statuses: number[] = [];
    let last: request.Response | null = null;
    for (let attempt = 0; attempt < 31; attempt++) {
      last = await lookup('T2031-00000');
      statuses.push(last.status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    expect(last!.body.message).toBe('Troppe verifiche ravvicinate: riprova tra un minuto.');
  });
});
