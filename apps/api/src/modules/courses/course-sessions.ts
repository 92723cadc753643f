// Writing a course's sessions: each free date becomes a session holding every court of the course with
// a closure ("Corso: <name>"), which the availability, the desk planner and every booking writer respect.
import { audit, rowOf, rowsOf } from '../../lib/audit.js';
import type { Prisma } from '../../lib/db.js';
import { takeCourtTurn } from '../bookings/index.js';
import type { Occurrence } from './course-conflicts.js';
import { closureReason } from './course-view.js';

/**
 * Every writer of a booking or a closure takes its court's turn before reading what is free; taken in
 * id order, so two courses sharing courts never wait on each other crosswise.
 */
export async function takeCourtsTurn(tx: Prisma.TransactionClient, courtIds: number[]) {
  for (const courtId of [...new Set(courtIds)].sort((a, b) => a - b)) await takeCourtTurn(tx, courtId);
}

/** The closures holding every court of the course for one session. */
export const closuresOf = (session: { id: number; startsAt: Date; endsAt: Date }, courtIds: number[], name: string, actorId: number): Prisma.CourtClosureCreateManyInput[] =>
  courtIds.map((courtId) => ({ courtId, startsAt: session.startsAt, endsAt: session.endsAt, reason: closureReason(name), createdById: actorId, courseSessionId: session.id }));

/** The free dates as sessions of the course, each with its courts' closures; returns how many. */
export async function writeSessions(
  tx: Prisma.TransactionClient,
  course: { id: number; name: string },
  courtIds: number[],
  occurrences: Occurrence[],
  actorId: number,
): Promise<number> {
  const free = occurrences.filter((occurrence) => occurrence.state === 'free');
  if (free.length === 0) return 0;
  const sessions = await tx.courseSession.createManyAndReturn({
    select: { id: true, startsAt: true, endsAt: true },
    data: free.map((occurrence) => ({ courseId: course.id, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt })),
  });
  await tx.courtClosure.createMany({ data: sessions.flatMap((session) => closuresOf(session, courtIds, course.name, actorId)) });
  const rows = await rowsOf(tx, 'course_sessions', sessions.map((session) => session.id));
  for (const session of sessions) await audit(tx, { entity: 'course_sessions', id: session.id, action: 'create', after: rows.get(session.id), subjectUserId: null });
  return sessions.length;
}

/** Why a session a cancelled enrolment still names is cancelled when its course's schedule changes. */
export const SCHEDULE_CHANGED_REASON = 'Calendario del corso cambiato';

/**
 * Makes room for a changed schedule among the course's sessions not yet begun (docs/school.md#sessions),
 * each change audited. Those no enrolment names go, their closures with them. Those a cancelled enrolment
 * still names (the foreign key keeps them) stay: one the new schedule holds at the same start is made again
 * in place (its end and closures renewed, no longer cancelled), the others are cancelled and their courts
 * freed. Returns the occurrences still to write and how many sessions were made again.
 */
export async function clearFutureSessions(
  tx: Prisma.TransactionClient,
  course: { id: number; name: string },
  courtIds: number[],
  occurrences: Occurrence[],
  now: Date,
  actorId: number,
): Promise<{ rest: Occurrence[]; renewed: number }> {
  const future = await tx.courseSession.findMany({
    where: { courseId: course.id, startsAt: { gt: now } },
    select: { id: true, startsAt: true, cancelledAt: true, _count: { select: { enrolments: true } } },
  });
  const before = await rowsOf(tx, 'course_sessions', future.map((session) => session.id));
  const gone = future.filter((session) => session._count.enrolments === 0).map((session) => session.id);
  const kept = future.filter((session) => session._count.enrolments > 0);
  await tx.courseSession.deleteMany({ where: { id: { in: gone } } });
  for (const id of gone) await audit(tx, { entity: 'course_sessions', id, action: 'delete', before: before.get(id), subjectUserId: null });
  await tx.courtClosure.deleteMany({ where: { courseSessionId: { in: kept.map((session) => session.id) } } });
  const free = new Map(occurrences.filter((occurrence) => occurrence.state === 'free').map((occurrence) => [occurrence.startsAt.getTime(), occurrence]));
  const renewed = new Set<Occurrence>();
  for (const session of kept) {
    const occurrence = free.get(session.startsAt.getTime());
    if (occurrence) {
      await tx.courseSession.update({ where: { id: session.id }, data: { endsAt: occurrence.endsAt, cancelledAt: null, cancelReason: null } });
      await tx.courtClosure.createMany({ data: closuresOf({ id: session.id, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt }, courtIds, course.name, actorId) });
      renewed.add(occurrence);
    } else if (session.cancelledAt === null) {
      await tx.courseSession.update({ where: { id: session.id }, data: { cancelledAt: now, cancelReason: SCHEDULE_CHANGED_REASON } });
    } else continue;
    const after = await rowOf(tx, 'course_sessions', session.id);
    await audit(tx, { entity: 'course_sessions', id: session.id, action: occurrence ? 'update' : 'cancel', before: before.get(session.id), after, subjectUserId: null });
  }
  return { rest: occurrences.filter((occurrence) => !renewed.has(occurrence)), renewed: renewed.size };
}
