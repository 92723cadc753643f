// Test rows for coaching, made straight with Prisma as the school schema defines them (courses, sessions,
// children and enrolments are other modules' to create through the API).
import request from 'supertest';
import type { Express } from 'express';
import type { Db } from '../../lib/db.js';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../../lib/time.js';
import { createMember, type TestMember } from '../../test/members.js';

/** A member made a coach by the database, signed in again so the token carries the new role's rights. */
export async function createCoach(app: Express, db: Db, lastName: string): Promise<TestMember> {
  const member = await createMember(db, { firstName: 'Allenatore', lastName });
  await db.user.update({ where: { id: member.id }, data: { role: 'coach' } });
  return member;
}

/** A course of `coachId` on D1 and D2 with one session on each of `days` at 17:00 Rome (90 minutes). */
export async function createCourse(db: Db, coachId: number, days: string[], name = `Corso ${coachId}`) {
  const courts = await db.court.findMany({ where: { code: { in: ['D1', 'D2'] } } });
  const today = todayInRome();
  const course = await db.course.create({
    data: {
      name, coachId, level: 'Principianti', startsOn: fromIsoDate(addDays(today, -30)), endsOn: fromIsoDate(addDays(today, 60)),
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE', startTime: '17:00', durationMinutes: 90, maxParticipants: 12, priceCents: 12000,
      lessonPriceCents: 1500, trialAllowed: true, publishedAt: new Date(),
      courts: { create: courts.map((court) => ({ courtId: court.id })) },
    },
  });
  const sessions = [];
  for (const day of days) {
    const startsAt = instantInRome(day, '17:00');
    sessions.push(await db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) } }));
  }
  return { course, sessions };
}

/** An enrolment written straight to the table, made 40 days ago (before the fixture courses' sessions) unless `createdAt` says when. */
export const enrol = (db: Db, data: { courseId: number; userId: number; childId?: number; kind?: 'course' | 'lesson' | 'trial'; sessionId?: number; status?: 'confirmed' | 'cancelled' | 'pending_payment'; createdAt?: Date }) =>
  db.courseEnrolment.create({
    data: {
      kind: 'course', status: 'confirmed', amountCents: 0, confirmedAt: new Date(), createdAt: new Date(Date.now() - 40 * 86_400_000), ...data,
      cancelledAt: data.status === 'cancelled' ? new Date() : null,
      // A pending place is held for a quarter of an hour, as the payment hold does.
      ...(data.status === 'pending_payment' && { confirmedAt: null, holdExpiresAt: new Date(Date.now() + 15 * 60_000) }),
    },
  });

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A session's participants as the API shows them to `token`. */
export const participantsSeenBy = async (app: Express, token: string, sessionId: number) =>
  (await request(app).get(`/api/coach/sessions/${sessionId}`).set(bearer(token)).expect(200)).body;

let cards = 0;
/** A seasonal card of `member` from 10 days ago to a month on (or as told), with a QR token, written straight to the table. */
export async function giveCard(db: Db, member: TestMember, { status = 'active' as 'active' | 'pending' | 'expired', endsOn = addDays(todayInRome(), 30) } = {}) {
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2031) AS number`;
  return db.membership.create({
    data: {
      membershipNumber: issued!.number, userId: member.id, type: 'seasonal', status, fiscalCode: member.fiscalCode, startDate: fromIsoDate(addDays(todayInRome(), -10)), endDate: fromIsoDate(endsOn),
      originalPriceCents: 6000, priceCents: 6000, qrCode: `coach-card_${Date.now()}-${++cards}-abcdefghijklmnop`, activatedAt: status === 'pending' ? null : new Date(),
    },
  });
}
