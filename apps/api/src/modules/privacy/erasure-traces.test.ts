// Erasure leaves nothing of the member that others can read (docs/domain.md#privacy): the address they
// were invited to a booking or a team with, their partner-finder posts and answers with their own words,
// their course waiting places, the copies of their address a broadcast and the login guard kept. Read
// back over HTTP as the organiser, another member and the admin, then in every text column of the database.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-data.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeCamp } from '../enrolments/test-courses.js';
import { makeTournament } from '../tournaments/test-tournaments.js';

const { app, db } = await useTestApp({}, { stripe: true });
const bearer = (who: TestMember | string) => ({ Authorization: `Bearer ${typeof who === 'string' ? who : who.token}` });
const PHONE_NOTE = 'chiamami al 333 1234567';

beforeAll(async () => {
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
});

/** Every text column of every table holding `needle`, as `table.column`. */
async function columnsHolding(needle: string) {
  const columns = await db.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json')`;
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${table}" WHERE "${column}"::text ILIKE $1`, `%${needle}%`);
    if (row!.n > 0n) found.push(`${table}.${column}`);
  }
  return found;
}

describe('erasure of a member others played, posted and waited with', () => {
  it('leaves neither their address nor their words readable by the organiser, another member or the admin', async () => {
    const admin = await loginAs(app, DEMO.admin);
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Organizza' });
    const member = await createMember(db, { firstName: 'Marta', lastName: 'Cancella' });
    const other = await createMember(db, { firstName: 'Ugo', lastName: 'Altro' });
    const court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;

    // A booking the member was invited to by their address, and one they were a guest of by it.
    const booking = (await request(app).post('/api/bookings').set(bearer(organiser)).send({ date: addDays(todayInRome(), 3), court_id: court, start: '10:30' }).expect(201)).body.booking.id as number;
    await request(app).post(`/api/bookings/${booking}/players`).set(bearer(organiser)).send({ email: member.email }).expect(201);
    const guest = await db.bookingPlayer.create({ data: { bookingId: booking, guestEmail: member.email } });
    expect(JSON.stringify((await request(app).get(`/api/bookings/${booking}/players`).set(bearer(organiser)).expect(200)).body)).toContain(member.email);

    // A team they were invited to by their address, another they play in, their post and their answer.
    const tournament = await makeTournament(db);
    await db.tournamentEntry.create({ data: { tournamentId: tournament.id, players: { create: [{ tournamentId: tournament.id, userId: organiser.id, feeCents: 2000 }, { tournamentId: tournament.id, invitedEmail: member.email, feeCents: 2000 }] } } });
    const otherTournament = await makeTournament(db);
    await request(app).post(`/api/tournaments/${otherTournament.id}/partner-posts`).set(bearer(member)).send({ level: 'intermedio', note: PHONE_NOTE }).expect(201);
    const organiserPost = (await request(app).post(`/api/tournaments/${otherTournament.id}/partner-posts`).set(bearer(organiser)).send({ level: 'intermedio', note: 'Cerco compagna' }).expect(201)).body.post.id as number;
    await request(app).post(`/api/partner-posts/${organiserPost}/answers`).set(bearer(member)).send({ message: `Ci sto: ${PHONE_NOTE}` }).expect(201);

    // A course waiting place, a broadcast they were sent, a wrong password under their address.
    const camp = await makeCamp(db);
    const waiting = await db.courseWaitlistEntry.create({ data: { courseId: camp.id, userId: member.id } });
    const broadcast = await db.broadcast.create({ data: { subject: 'Avviso', message: 'Ciao', recipientType: 'all', ratePerSecond: 1, batchSize: 10, mailer: 'smtp', recipients: { create: [{ email: member.email, name: 'Marta Cancella', status: 'sent' }] } } });
    await request(app).post('/api/auth/login').send({ email: member.email, password: 'sbagliata1', remember: false }).expect(401);
    expect(await columnsHolding(member.email)).not.toEqual([]);

    await request(app).post('/api/me/erasure').set(bearer(member)).send({ password: DEMO_PASSWORD }).expect(200);

    const reads = [
      (await request(app).get(`/api/bookings/${booking}/players`).set(bearer(organiser)).expect(200)).body,
      (await request(app).get(`/api/tournaments/${otherTournament.id}/partner-posts`).set(bearer(organiser)).expect(200)).body,
      (await request(app).get(`/api/tournaments/${otherTournament.id}/partner-posts`).set(bearer(other)).expect(200)).body,
      (await request(app).get(`/api/admin/tournaments/${tournament.id}`).set(bearer(admin)).expect(200)).body,
      (await request(app).get(`/api/admin/broadcast-email/${broadcast.id}`).set(bearer(admin)).expect(200)).body,
    ];
    for (const read of reads) {
      const text = JSON.stringify(read);
      for (const trace of [member.email, '333 1234567', 'Cancella']) expect(text).not.toContain(trace);
    }
    // The booking and the team keep their player, now the anonymous account.
    expect(await db.bookingPlayer.findUniqueOrThrow({ where: { id: guest.id } })).toMatchObject({ guestEmail: `cancellato-${member.id}@anonimo.invalid` });
    expect(await db.bookingPlayer.count({ where: { bookingId: booking, userId: member.id, invitedEmail: null } })).toBe(1);
    expect(await db.tournamentPartnerPost.count({ where: { userId: member.id } })).toBe(0);
    expect(await db.courseWaitlistEntry.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: 'withdrawn' });
    expect(await columnsHolding(member.email)).toEqual([]);
    expect(await columnsHolding('333 1234567')).toEqual([]);
  });
});
