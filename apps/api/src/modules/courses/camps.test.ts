// Camp weeks in the back office (docs/school.md#camps): the bands set the places and the ages, the money
// terms are checked under their fields, the bands are replaced while no enrolment names them and after
// that only their capacities change (never below the places taken), and the list filters by offer.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { mondayNextYear } from '../../test/days.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const court: Record<string, number> = {};
beforeAll(async () => {
  for (const row of await db.court.findMany({ where: { code: { in: ['D5', 'D6'] } } })) court[row.code] = row.id;
});

let week = 0;
/** A camp week of next summer (still to come whatever the day of the run), each on its own Monday so none is in another's way. */
const firstMonday = mondayNextYear('06-14');
const campBody = (overrides: Record<string, unknown> = {}) => {
  const monday = addDays(firstMonday, 7 * week++);
  const day = (offset: number) => addDays(monday, offset);
  return {
    offer: 'camp', name: `Centro estivo ${day(0)}`, court_ids: [court.D5, court.D6], starts_on: day(0), ends_on: day(4), weekdays: [1, 2, 3, 4, 5], start_time: '09:00', duration_minutes: 480,
    min_participants: 8, max_participants: 1, price: '150', deposit: '50', balance_due_on: day(-7), sibling_discount_percent: 10, late_fee: '10', late_fee_from: day(-7), minimum_check_on: day(-10),
    bands: [{ min_age: 6, max_age: 10, capacity: 20 }, { min_age: 11, max_age: 14, capacity: 16 }], ...overrides,
  };
};
const save = (body: Record<string, unknown>, id?: number) =>
  (id ? request(app).put(`/api/admin/courses/${id}`) : request(app).post('/api/admin/courses')).set(bearer(logins.admin)).send(body);

describe('a camp week', () => {
  it('takes its places and ages from its bands, and no lessons or trials', async () => {
    const saved = await save(campBody({ lesson_price: '20', trial_allowed: true })).expect(201);
    expect(saved.body.course).toMatchObject({
      offer: 'camp', max_participants: 36, min_age: 6, max_age: 14, lesson_price: null, trial_allowed: false, deposit: '50.00', late_fee: '10.00', sibling_discount_percent: 10,
      bands: [{ min_age: 6, max_age: 10, capacity: 20, places_taken: 0 }, { min_age: 11, max_age: 14, capacity: 16, places_taken: 0 }],
    });
    expect(saved.body.course.sessions).toHaveLength(5);
  });

  it('has its terms checked under their fields', async () => {
    const body = campBody();
    const bad = await save({
      ...body, deposit: '200', balance_due_on: body.starts_on, late_fee_from: null, minimum_check_on: body.ends_on, instalment_dates: [body.ends_on],
      bands: [{ min_age: 6, max_age: 10, capacity: 20 }, { min_age: 10, max_age: 14, capacity: 0 }],
    }).expect(422);
    expect(bad.body.errors).toMatchObject({
      deposit: ['L’acconto deve essere maggiore di zero e non superare il prezzo.'],
      balance_due_on: ['Il saldo va pagato prima del primo giorno.'],
      late_fee_from: ['Con la maggiorazione indica da quando si applica (e viceversa).'],
      minimum_check_on: ['La verifica del minimo va fatta prima del primo giorno.'],
      'bands.1.capacity': ['Inserisci i posti della fascia, da 1 a 500.'],
    });
    const overlap = await save({ ...body, instalment_dates: [body.ends_on], bands: [{ min_age: 6, max_age: 10, capacity: 5 }, { min_age: 10, max_age: 14, capacity: 5 }] }).expect(422);
    expect(overlap.body.errors).toMatchObject({ bands: ['Le fasce d’età non possono sovrapporsi.'], instalment_dates: ['Le rate sono solo dei corsi di stagione: un centro estivo ha acconto e saldo.'] });
    expect((await save({ ...body, bands: [] }).expect(422)).body.errors).toMatchObject({ bands: ['Un centro estivo ha da 1 a 4 fasce d’età.'] });
    const course = await save({ ...body, offer: 'course', max_participants: 12 }).expect(422);
    expect(course.body.errors).toMatchObject({ bands: ['Le fasce d’età sono solo dei centri estivi.'], deposit: ['Acconto e saldo sono solo dei centri estivi.'] });
  });

  it('has its bands replaced while nobody is in them, then only their capacities changed, never below the places taken', async () => {
    const body = campBody();
    const { course } = (await save(body).expect(201)).body;
    const twoBands = (first: number, second: number) => [{ min_age: 10, max_age: 14, capacity: second }, { min_age: 5, max_age: 9, capacity: first }];
    const replaced = await save({ ...body, bands: twoBands(10, 10) }, course.id).expect(200);
    expect(replaced.body.course).toMatchObject({ max_participants: 20, min_age: 5, max_age: 14, bands: [{ min_age: 5, max_age: 9, capacity: 10 }, { min_age: 10, max_age: 14, capacity: 10 }] });

    // A child in the band (written as enrolling does: the course's and the band's counters and the enrolment naming the band).
    const bandId = replaced.body.course.bands[0].id as number;
    const parent = await createMember(db);
    const child = await db.child.create({ data: { parentId: parent.id, firstName: 'Sara', lastName: 'Neri', birthDate: new Date('2019-05-01') } });
    await db.courseBand.update({ where: { id: bandId }, data: { placesTaken: 2 } });
    await db.course.update({ where: { id: course.id }, data: { placesTaken: 2 } });
    await db.courseEnrolment.create({ data: { courseId: course.id, userId: parent.id, childId: child.id, bandId, kind: 'course', amountCents: 15_000, status: 'confirmed', confirmedAt: new Date() } });

    const newAges = await save({ ...body, bands: [{ min_age: 6, max_age: 9, capacity: 10 }] }, course.id).expect(409);
    expect(newAges.body.message).toBe('Le fasce d’età hanno già iscrizioni: si possono cambiare solo i posti, non le età né il numero delle fasce.');
    const below = await save({ ...body, bands: twoBands(1, 19) }, course.id).expect(409);
    expect(below.body.errors).toEqual({ bands: ['I posti di una fascia non possono essere inferiori a quelli già occupati.'] });
    const more = await save({ ...body, bands: twoBands(14, 6) }, course.id).expect(200);
    expect(more.body.course).toMatchObject({ max_participants: 20, bands: [{ id: bandId, capacity: 14, places_taken: 2 }, { capacity: 6 }] });
    const offer = await save({ ...body, offer: 'course', deposit: null, balance_due_on: null, bands: [], max_participants: 20 }, course.id).expect(409);
    expect(offer.body.message).toBe('Il corso ha già iscrizioni: non può diventare un centro estivo (o il contrario).');
  });

  it('is told apart in the list, which filters by offer', async () => {
    await save(campBody()).expect(201);
    const camps = await request(app).get('/api/admin/courses?offer=camp&per_page=100').set(bearer(logins.staff)).expect(200);
    expect(camps.body.data.length).toBeGreaterThan(0);
    expect(camps.body.data.every((row: { offer: string }) => row.offer === 'camp')).toBe(true);
    await request(app).get('/api/admin/courses?offer=corso').set(bearer(logins.staff)).expect(422);
  });
});
