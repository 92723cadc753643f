// Writing a course's sessions: each free date becomes a session holding every court of the course with
// a closure ("Corso: <name>"), which the availability, the desk planner and every booking writer respect.
import { audit, rowsOf } from '../../lib/audit.js';
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
  await tx.courtClosure.createMany({
    data: sessions.flatMap((session) =>
      courtIds.map((courtId) => ({ courtId, startsAt: session.startsAt, endsAt: session.endsAt, reason: closureReason(course.name), createdById: actorId, courseSessionId: session.id })),
    ),
  });
  const rows = await rowsOf(tx, 'course_sessions', sessions.map((session) => session.id));
  for (const session of sessions) await audit(tx, { entity: 'course_sessions', id: session.id, action: 'create', after: rows.get(session.id), subjectUserId: null });
  return sessions.length;
}
