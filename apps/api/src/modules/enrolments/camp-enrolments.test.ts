// Camp weeks through the real database (docs/school.md#camps): the whole week only and before it starts,
// the band picked by the age on the first day, 30 simultaneous enrolments for a band of 10 → exactly 10,
// the sibling discount on the second child only, the late fee from its day, the deposit and balance
// written as instalments, the band's place given back on cancellation and on a lapsed hold, and the
// public list with the bands' places and the money terms.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeCamp, makeChild } from './test-courses.js';

const { app, db, services } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const enrol = (member: TestMember, body: Record<string, unknown>) => request(app).post('/api/me/enrolments').set(bearer(member.token)).send(body);
const bandTaken = async (bandId: number) => (await db.courseBand.findUniqueOrThrow({ where: { id: bandId } })).placesTaken;
const courseTaken = async (courseId: number) => (await db.course.findUniqueOrThrow({ where: { id: courseId } })).placesTaken;
/** Eight years old at the camps of the coming weeks, eleven, and four. */
const YOUNG = '2018-01-01';
const OLDER = '2015-06-01';
const TODDLER = '2022-06-01';

describe('enrolling in a camp week', () => {
  it('takes the band of the age on the first day, and refuses no band, lessons and the member without a band', async () => {
    const camp = await makeCamp(db);
    const parent = await createMember(db);
    const [young, older, toddler] = await Promise.all([makeChild(db, parent.id, 'Anna', YOUNG), makeChild(db, parent.id, 'Bruno', OLDER), makeChild(db, parent.id, 'Carlo', TODDLER)]);
    const first = await enrol(parent, { course_id: camp.id, kind: 'course', child_id: young.id }).expect(201);
    expect(first.body.enrolment).toMatchObject({ amount: '150.00', status: 'pending_payment' });
    expect(await db.courseEnrolment.findUniqueOrThrow({ where: { id: first.body.enrolment.id } })).toMatchObject({ bandId: camp.bands[0] });
    await enrol(parent, { course_id: camp.id, kind: 'course', child_id: older.id }).expect(201);
    expect([await bandTaken(camp.bands[0]!), await bandTaken(camp.bands[1]!), await courseTaken(camp.id)]).toEqual([1, 1, 2]);

    const tooYoung = await enrol(parent, { course_id: camp.id, kind: 'course', child_id: toddler.id }).expect(422);
    expect(tooYoung.body.errors).toEqual({ child_id: ['Nessuna fascia d’età di questo centro estivo per 4 anni.'] });
    const grownUp = await enrol(parent, { course_id: camp.id, kind: 'course' }).expect(422);
    expect(grownUp.body.errors.course_id[0]).toMatch(/^Nessuna fascia d’età di questo centro estivo per \d+ anni\.$/);
    const session = await db.courseSession.findFirstOrThrow({ where: { courseId: camp.id } });
    const lesson = await enrol(parent, { course_id: camp.id, kind: 'trial', session_id: session.id, child_id: toddler.id }).expect(422);
    expect(lesson.body.errors).toEqual({ kind: ['Al centro estivo ci si iscrive per tutta la settimana.'] });
  });

  it('is closed once its first day has started', async () => {
    const camp = await makeCamp(db, { startsIn: -1 });
    const parent = await createMember(db);
    const child = await makeChild(db, parent.id, 'Dario', YOUNG);
    const late = await enrol(parent, { course_id: camp.id, kind: 'course', child_id: child.id }).expect(409);
    expect(late.body.message).toBe('Il centro estivo è già iniziato: non accetta più iscrizioni.');
  });

  it('gives 30 simultaneous enrolments for a band of 10 exactly 10, the other band untouched', async () => {
    const camp = await makeCamp(db, { bands: [{ minAge: 6, maxAge: 10, capacity: 10 }, { minAge: 11, maxAge: 14, capacity: 16 }], siblingDiscountPercent: 0 });
    const parent = await createMember(db);
    const children = await Promise.all(Array.from({ length: 30 }, (_, i) => makeChild(db, parent.id, `Figlio${i}`, YOUNG)));
    const answers = await Promise.all(children.map((child) => enrol(parent, { course_id: camp.id, kind: 'course', child_id: child.id })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const full = answers.filter((answer) => answer.status === 409);
    expect(full).toHaveLength(20);
    expect(new Set(full.map((answer) => answer.body.message))).toEqual(new Set(['Fascia d’età al completo.']));
    expect([await bandTaken(camp.bands[0]!), await bandTaken(camp.bands[1]!), await courseTaken(camp.id)]).toEqual([10, 0, 10]);
    expect(await db.courseEnrolment.count({ where: { courseId: camp.id, status: { not: 'cancelled' } } })).toBe(10);
    // The older band still has its places.
    await enrol(parent, { course_id: camp.id, kind: 'course', child_id: (await makeChild(db, parent.id, 'Grande', OLDER)).id }).expect(201);
  });
});

describe('a camp week’s price', () => {
  it('takes the sibling discount off the second and third child only, and writes the deposit and the balance', async () => {
    const camp = await makeCamp(db);
    const parent = await createMember(db);
    const other = await createMember(db);
    const kids = await Promise.all(['Elisa', 'Fabio', 'Gaia'].map((name) => makeChild(db, parent.id, name, YOUNG)));
    const amounts = [];
    for (const kid of kids) amounts.push((await enrol(parent, { course_id: camp.id, kind: 'course', child_id: kid.id }).expect(201)).body.enrolment.amount);
    expect(amounts).toEqual(['150.00', '135.00', '135.00']);
    // Another family's child pays the full price.
    const stranger = await enrol(other, { course_id: camp.id, kind: 'course', child_id: (await makeChild(db, other.id, 'Ivo', YOUNG)).id }).expect(201);
    expect(stranger.body.enrolment.amount).toBe('150.00');
    const second = await db.courseEnrolment.findFirstOrThrow({ where: { courseId: camp.id, childId: kids[1]!.id }, include: { instalments: { orderBy: { seq: 'asc' } } } });
    expect(second.instalments.map((row) => [row.amountCents, row.dueOn.toISOString().slice(0, 10)])).toEqual([
      [5000, todayInRome()],
      [8500, addDays(todayInRome(), 3)],
    ]);
  });

  it('gives no discount when the first child’s enrolment was cancelled', async () => {
    const camp = await makeCamp(db);
    const parent = await createMember(db);
    const [first, second] = await Promise.all([makeChild(db, parent.id, 'Lia', YOUNG), makeChild(db, parent.id, 'Max', YOUNG)]);
    const { id } = (await enrol(parent, { course_id: camp.id, kind: 'course', child_id: first.id }).expect(201)).body.enrolment;
    await request(app).post(`/api/me/enrolments/${id}/cancel`).set(bearer(parent.token)).expect(200);
    expect((await enrol(parent, { course_id: camp.id, kind: 'course', child_id: second.id }).expect(201)).body.enrolment.amount).toBe('150.00');
  });

  it('lets a member pay a discounted place only once a sibling’s place is confirmed, so the discount cannot outlive it', async () => {
    const camp = await makeCamp(db);
    const parent = await createMember(db);
    await deskTopUp(app, await loginAs(app, DEMO.staff), parent, '200');
    const [first, second] = await Promise.all([makeChild(db, parent.id, 'Olga', YOUNG), makeChild(db, parent.id, 'Pino', YOUNG)]);
    const full = (await enrol(parent, { course_id: camp.id, kind: 'course', child_id: first.id }).expect(201)).body.enrolment;
    const discounted = (await enrol(parent, { course_id: camp.id, kind: 'course', child_id: second.id }).expect(201)).body.enrolment;
    expect([full.amount, discounted.amount]).toEqual(['150.00', '135.00']);
    const payWithCredit = (id: number) => request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(parent.token)).send({});
    expect((await payWithCredit(discounted.id).expect(409)).body.message).toBe('Lo sconto fratelli vale con un fratello iscritto: paga prima l’iscrizione senza sconto.');
    await payWithCredit(full.id).expect(200);
    await payWithCredit(discounted.id).expect(200);
    expect(await db.courseEnrolment.count({ where: { courseId: camp.id, userId: parent.id, status: 'confirmed' } })).toBe(2);
  });

  it('adds the late fee from its day on, and the public list says so', async () => {
    const onTime = await makeCamp(db, { lateFeeCents: 1000, lateFeeFrom: addDays(todayInRome(), 1) });
    const late = await makeCamp(db, { lateFeeCents: 1000, lateFeeFrom: todayInRome() });
    const parent = await createMember(db);
    const child = await makeChild(db, parent.id, 'Nina', OLDER);
    expect((await enrol(parent, { course_id: onTime.id, kind: 'course', child_id: child.id }).expect(201)).body.enrolment.amount).toBe('150.00');
    expect((await enrol(parent, { course_id: late.id, kind: 'course', child_id: child.id }).expect(201)).body.enrolment.amount).toBe('160.00');

    const listed = (await request(app).get('/api/courses').expect(200)).body.data as { id: number }[];
    expect(listed.find((row) => row.id === late.id)).toMatchObject({
      offer: 'camp', price: '150.00', price_now: '160.00', deposit: '50.00', balance_due_on: addDays(todayInRome(), 3), sibling_discount_percent: 10,
      late_fee: '10.00', late_fee_from: todayInRome(), places_left: 35,
      bands: [{ min_age: 6, max_age: 10, places_left: 20 }, { min_age: 11, max_age: 14, places_left: 15 }],
    });
    expect(listed.find((row) => row.id === onTime.id)).toMatchObject({ price_now: '150.00' });
  });
});

describe('a camp week’s band place', () => {
  it('is given back when the enrolment is cancelled and when its hold lapses', async () => {
    const camp = await makeCamp(db, { bands: [{ minAge: 6, maxAge: 10, capacity: 1 }] });
    const parent = await createMember(db);
    const [a, b, c] = await Promise.all(['Olga', 'Pia', 'Quinto'].map((name) => makeChild(db, parent.id, name, YOUNG)));
    const { id } = (await enrol(parent, { course_id: camp.id, kind: 'course', child_id: a!.id }).expect(201)).body.enrolment;
    await enrol(parent, { course_id: camp.id, kind: 'course', child_id: b!.id }).expect(409);
    await request(app).post(`/api/me/enrolments/${id}/cancel`).set(bearer(parent.token)).expect(200);
    expect(await bandTaken(camp.bands[0]!)).toBe(0);

    const held = (await enrol(parent, { course_id: camp.id, kind: 'course', child_id: b!.id }).expect(201)).body.enrolment;
    await db.courseEnrolment.update({ where: { id: held.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    expect(await services.enrolments.expireLapsedHolds()).toBe(1);
    expect([await bandTaken(camp.bands[0]!), await courseTaken(camp.id)]).toEqual([0, 0]);
    await enrol(parent, { course_id: camp.id, kind: 'course', child_id: c!.id }).expect(201);
  });
});
