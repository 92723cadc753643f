// Attendance by scanning the member's card on the coach's phone: the card read as the desk's check-in
// reads it marks its holder present through the tap's own rules (own session, from its day, never a
// cancelled one, audited), the holder's own place only.
import { CHECK_IN_UNKNOWN_REASONS } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf } from '../../test/audit.js';
import { createMember, type TestMember } from '../../test/members.js';
import { bearer, createCoach, createCourse, enrol, giveCard } from './coaching.fixtures.js';

const WEB_ORIGIN = 'http://web.example.test';
const { app, db } = await useTestApp({ WEB_ORIGIN });
const today = todayInRome();
const cardUrl = (card: { qrCode: string | null }) => `${WEB_ORIGIN}/verifica-tessera/${card.qrCode}`;
let coach: TestMember;
let otherCoach: TestMember;
let sessionId: number;
let laterSessionId: number;
let enrolmentId: number;
let holderCard: { qrCode: string | null; membershipNumber: string };
let strangerCard: { qrCode: string | null };
let parentCard: { qrCode: string | null };

beforeAll(async () => {
  [coach, otherCoach] = await Promise.all([createCoach(app, db, 'Scanner'), createCoach(app, db, 'Estraneo')]);
  const [member, stranger, parent] = await Promise.all([
    createMember(db, { firstName: 'Giulia', lastName: 'Rossi' }),
    createMember(db, { firstName: 'Nina', lastName: 'Estranea' }),
    createMember(db, { firstName: 'Paolo', lastName: 'Genitore' }),
  ]);
  const { course, sessions } = await createCourse(db, coach.id, [today, addDays(today, 2)], 'Under 14');
  [sessionId, laterSessionId] = [sessions[0]!.id, sessions[1]!.id];
  enrolmentId = (await enrol(db, { courseId: course.id, userId: member.id })).id;
  const child = await db.child.create({ data: { parentId: parent.id, firstName: 'Leo', lastName: 'Genitore', birthDate: fromIsoDate('2015-03-01') } });
  await enrol(db, { courseId: course.id, userId: parent.id, childId: child.id });
  [holderCard, strangerCard, parentCard] = await Promise.all([giveCard(db, member), giveCard(db, stranger), giveCard(db, parent)]);
});

const scan = (token: string, id: number, code: string) => request(app).post(`/api/coach/sessions/${id}/attendance/by-card`).set(bearer(token)).send({ code });

describe('attendance by card', () => {
  it('marks the holder present from the card’s QR, keeps the note the coach wrote, and is audited', async () => {
    await request(app).put(`/api/coach/sessions/${sessionId}/attendance`).set(bearer(coach.token)).send({ enrolment_id: enrolmentId, present: false, note: 'In ritardo' }).expect(200);
    const answer = await scan(coach.token, sessionId, cardUrl(holderCard)).expect(200);
    expect(answer.body).toMatchObject({ enrolment_id: enrolmentId, name: 'Giulia Rossi', present: true, note: 'In ritardo' });
    const row = await db.courseAttendance.findUniqueOrThrow({ where: { sessionId_enrolmentId: { sessionId, enrolmentId } } });
    expect(row).toMatchObject({ present: true, note: 'In ritardo', recordedById: coach.id });
    expect(await lastAuditOf(db, 'course_attendances', row.id)).toMatchObject({
      action: 'update', actorId: coach.id, route: 'POST /api/coach/sessions/:id/attendance/by-card',
      beforeData: expect.objectContaining({ present: false }), afterData: expect.objectContaining({ present: true }),
    });
    // The card's number typed (any case) is the same card.
    await scan(coach.token, sessionId, holderCard.membershipNumber.toLowerCase()).expect(200);
    expect(await db.courseAttendance.count({ where: { sessionId } })).toBe(1);
  });

  it('refuses a card whose holder has no place of their own in the session: a stranger, a parent of a child taking part', async () => {
    for (const card of [strangerCard, parentCard]) {
      const refused = await scan(coach.token, sessionId, cardUrl(card)).expect(422);
      expect(refused.body).toMatchObject({ message: 'Questa tessera non è di un partecipante della lezione.', errors: { code: ['Questa tessera non è di un partecipante della lezione.'] } });
    }
    expect(await db.courseAttendance.count({ where: { sessionId } })).toBe(1);
  });

  it('refuses an unknown, expired or not active card with the check-in’s words', async () => {
    const expired = await giveCard(db, await createMember(db, { firstName: 'Ezio', lastName: 'Scaduto' }), { status: 'expired', endsOn: addDays(today, -1) });
    const pending = await giveCard(db, await createMember(db, { firstName: 'Pia', lastName: 'Attesa' }), { status: 'pending' });
    const cases: [string, string][] = [
      ['https://altro.example.com/verifica-tessera/abc', CHECK_IN_UNKNOWN_REASONS.other_site],
      ['+39 333 1234567', CHECK_IN_UNKNOWN_REASONS.foreign],
      [`${WEB_ORIGIN}/verifica-tessera/nessuna-tessera`, CHECK_IN_UNKNOWN_REASONS.not_found],
      [cardUrl(expired), 'Tessera scaduta: la presenza non si segna.'],
      [cardUrl(pending), 'Tessera non attiva: la presenza non si segna.'],
    ];
    for (const [code, message] of cases) expect((await scan(coach.token, sessionId, code).expect(422)).body.message).toBe(message);
    const empty = await scan(coach.token, sessionId, '   ').expect(422);
    expect(Object.keys(empty.body.errors)).toEqual(['code']);
  });

  it('refuses another coach’s session (404), a later day and a cancelled session (409), writing nothing', async () => {
    await scan(otherCoach.token, sessionId, cardUrl(holderCard)).expect(404);
    expect((await scan(coach.token, laterSessionId, cardUrl(holderCard)).expect(409)).body.message).toMatch(/dal giorno della lezione/);
    await db.courseSession.update({ where: { id: sessionId }, data: { cancelledAt: new Date(), cancelReason: 'Pioggia' } });
    try {
      expect((await scan(coach.token, sessionId, cardUrl(holderCard)).expect(409)).body.message).toMatch(/annullata/);
    } finally {
      await db.courseSession.update({ where: { id: sessionId }, data: { cancelledAt: null, cancelReason: null } });
    }
    expect(await db.courseAttendance.count({ where: { sessionId: laterSessionId } })).toBe(0);
  });
});
