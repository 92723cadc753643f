// The back office's course list (docs/school.md#the-list) through the real database: the next lesson
// first, cancelled and finished courses hidden unless asked for, searched by name, level or coach, paged
// by the database.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { nextYear } from '../../test/days.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const ids: Record<'may' | 'march' | 'cancelled' | 'past', number> = { may: 0, march: 0, cancelled: 0, past: 0 };
let courtId: number;
let coachId: number;
const create = async (name: string, starts_on: string, ends_on: string, extra: Record<string, unknown> = {}) =>
  (await request(app).post('/api/admin/courses').set(bearer(logins.admin)).send({
    name, court_ids: [courtId], starts_on, ends_on, weekdays: [1], start_time: '10:00', duration_minutes: 60, max_participants: 8, price: '100', ...extra,
  }).expect(201)).body.course.id as number;

beforeAll(async () => {
  courtId = (await db.court.findUniqueOrThrow({ where: { code: 'D6' } })).id;
  const coach = await createMember(db, { firstName: 'Ottavia', lastName: 'Quercioli' });
  await db.user.update({ where: { id: coach.id }, data: { role: 'coach' } });
  coachId = coach.id;
  // Made in the order the old list showed them (latest start first), which is not the order wanted;
  // next year's, all to come whatever the day of the run.
  const year = nextYear();
  ids.march = await create('Listino marzo', `${year}-03-01`, `${year}-03-31`, { level: 'Intermedi zeta' });
  ids.may = await create('Listino maggio', `${year}-05-03`, `${year}-05-31`, { coach_id: coachId });
  ids.cancelled = await create('Listino novembre', `${year}-11-01`, `${year}-11-30`);
  await request(app).post(`/api/admin/courses/${ids.cancelled}/cancel`).set(bearer(logins.admin)).expect(200);
  ids.past = await create('Listino passato', `${year}-06-07`, `${year}-06-30`);
  // A course that ended last year (the API no longer takes dates all past): its dates moved back.
  await db.course.update({ where: { id: ids.past }, data: { startsOn: new Date(`${year - 2}-06-07`), endsOn: new Date(`${year - 2}-06-30`) } });
  await db.$executeRaw`UPDATE course_sessions SET starts_at = starts_at - interval '2 years', ends_at = ends_at - interval '2 years' WHERE course_id = ${ids.past}`;
});

const list = async (query: Record<string, string | number>) => {
  const response = await request(app).get('/api/admin/courses').query({ per_page: 100, ...query }).set(bearer(logins.staff)).expect(200);
  return { ids: (response.body.data as { id: number }[]).map((row) => row.id), total: response.body.total as number, lastPage: response.body.last_page as number };
};

describe('the course list', () => {
  it('shows by default the courses neither cancelled nor over, the next lesson first', async () => {
    expect((await list({ search: 'Listino' })).ids).toEqual([ids.march, ids.may]);
  });

  it('shows the cancelled, the finished or all of them when asked, those without a lesson to come last', async () => {
    expect((await list({ search: 'Listino', state: 'cancelled' })).ids).toEqual([ids.cancelled]);
    expect((await list({ search: 'Listino', state: 'past' })).ids).toEqual([ids.past]);
    expect((await list({ search: 'Listino', state: 'all' })).ids).toEqual([ids.march, ids.may, ids.cancelled, ids.past]);
  });

  it('is searched by part of the name, the level or the coach, whatever the case, with % taken literally', async () => {
    expect((await list({ search: 'listino MAG' })).ids).toEqual([ids.may]);
    expect((await list({ search: 'zeta' })).ids).toEqual([ids.march]);
    expect((await list({ search: 'ottavia querc' })).ids).toEqual([ids.may]);
    expect((await list({ search: 'Listino%' })).ids).toEqual([]);
  });

  it('is paged by the database, with the total of what matches', async () => {
    expect(await list({ search: 'Listino', per_page: 1, page: 2 })).toEqual({ ids: [ids.may], total: 2, lastPage: 2 });
  });

  it('answers an unknown state or an overlong search with a 422', async () => {
    await request(app).get('/api/admin/courses').query({ state: 'archiviati' }).set(bearer(logins.staff)).expect(422);
    await request(app).get('/api/admin/courses').query({ search: 'x'.repeat(101) }).set(bearer(logins.staff)).expect(422);
  });
});
