// A course's, a camp's and a tournament's optional German and English titles (docs/i18n.md#data-words):
// saved by the admin beside the Italian name, answered by the member lists, and used by the e-mails of a
// member reading German or English.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { nextYear } from '../../test/days.js';
import { createMember } from '../../test/members.js';
import { giveCard, makeCourse } from '../enrolments/test-courses.js';
import { makeTournament } from '../tournaments/test-tournaments.js';

const mail = await startMailCatcher();
const { app, db } = await useTestApp({ SMTP_URL: mail.url });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
});

const autumn = nextYear();
const courseBody = async (overrides: Record<string, unknown>) => {
  const courts = await db.court.findMany({ where: { code: { in: ['D5'] } } });
  return {
    name: 'Avanzati autunno', level: 'Avanzato', court_ids: courts.map((court) => court.id), starts_on: `${autumn}-09-05`, ends_on: `${autumn}-09-21`, weekdays: [2, 4], start_time: '19:00', duration_minutes: 90,
    exceptions: [], min_participants: 4, max_participants: 12, price: '150', ...overrides,
  };
};

describe('a course’s German and English titles', () => {
  it('are saved beside the name, optional (left empty: none), at most 120 characters, and answered with the course', async () => {
    const made = await request(app).post('/api/admin/courses').set(bearer(admin)).send(await courseBody({ title_de: ' Fortgeschrittene Herbst ', title_en: '' })).expect(201);
    expect(made.body.course).toMatchObject({ name: 'Avanzati autunno', title_de: 'Fortgeschrittene Herbst', title_en: null });
    const id = made.body.course.id as number;
    await request(app).put(`/api/admin/courses/${id}`).set(bearer(admin)).send(await courseBody({ title_de: null, title_en: 'Advanced autumn' })).expect(200);
    expect((await request(app).get(`/api/admin/courses/${id}`).set(bearer(admin)).expect(200)).body).toMatchObject({ title_de: null, title_en: 'Advanced autumn' });

    const tooLong = await request(app).post('/api/admin/courses').set(bearer(admin)).send(await courseBody({ name: 'Altro corso', title_en: 'x'.repeat(121) })).expect(422);
    expect(tooLong.body.errors).toEqual({ title_en: ['Al massimo 120 caratteri.'] });
  });

  it('come with each course open to enrolment, for the page to show the title of its language', async () => {
    const course = await makeCourse(db);
    await db.course.update({ where: { id: course.id }, data: { titleDe: 'Kurs am Abend', titleEn: 'Evening course' } });
    const open = await request(app).get('/api/courses').expect(200);
    expect(open.body.data.find((row: { id: number }) => row.id === course.id)).toMatchObject({ name: course.name, title_de: 'Kurs am Abend', title_en: 'Evening course' });
  });
});

describe('a tournament’s German and English titles', () => {
  it('are saved by the organiser, listed with the tournament, and name it in a German partner’s invitation', async () => {
    const day = addDays(todayInRome(), 400);
    const court = await db.court.findFirstOrThrow({ where: { code: 'A1' } });
    const made = await request(app)
      .post('/api/admin/tournaments')
      .set(bearer(admin))
      .send({
        name: 'Coppa d’autunno', title_de: 'Herbstpokal', title_en: 'Autumn Cup', sport: 'beach_volley', category: 'open', format: 'pools_knockout', match_format: 'one_set_21', match_minutes: 30, entry_fee: '0', max_entries: 8,
        registration_opens_at: new Date(Date.now() - 60_000).toISOString(), registration_closes_at: new Date(Date.now() + 86_400_000).toISOString(), starts_on: day, ends_on: day, courts: [{ court_id: court.id, date: day, from: '09:00', to: '19:00' }],
      })
      .expect(201);
    expect(made.body.tournament).toMatchObject({ name: 'Coppa d’autunno', title_de: 'Herbstpokal', title_en: 'Autumn Cup' });

    const tournament = await makeTournament(db, { feeCents: 0 });
    await db.tournament.update({ where: { id: tournament.id }, data: { titleDe: 'Sommerturnier' } });
    expect((await request(app).get('/api/tournaments').expect(200)).body.data.find((row: { id: number }) => row.id === tournament.id)).toMatchObject({ title_de: 'Sommerturnier', title_en: null });

    const [organiser, partner] = [await createMember(db), await createMember(db)];
    await Promise.all([giveCard(db, organiser.id), giveCard(db, partner.id), db.user.update({ where: { id: partner.id }, data: { locale: 'de' } })]);
    await request(app).post(`/api/tournaments/${tournament.id}/entries`).set(bearer(organiser.token)).send({ partner_email: partner.email }).expect(201);
    const invitation = await mail.waitFor(partner.email);
    expect(invitation.subject).toContain('Sommerturnier');
    expect(invitation.subject).not.toContain(tournament.name);
  });
});
