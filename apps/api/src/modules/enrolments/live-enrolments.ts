// What "a live enrolment" is (docs/school.md#prices, #coaches): confirmed, or still within its payment
// hold. A lapsed hold the minute job has not released yet no longer counts: the member can no longer pay it.
import type { CourseEnrolment } from '../../generated/prisma/client.js';
import { Prisma } from '../../lib/db.js';

/** The predicate for Prisma reads. */
export const liveEnrolmentWhere = (now: Date): Prisma.CourseEnrolmentWhereInput => ({
  OR: [{ status: 'confirmed' }, { status: 'pending_payment', OR: [{ holdExpiresAt: null }, { holdExpiresAt: { gt: now } }] }],
});

/** The same predicate in SQL, on the enrolment aliased `e`. */
export const liveEnrolmentSql = (now: Date) =>
  Prisma.sql`(e.status = 'confirmed' OR (e.status = 'pending_payment' AND (e.hold_expires_at IS NULL OR e.hold_expires_at > ${now})))`;

/** The same predicate on a row already read. */
export const isLiveEnrolment = (row: Pick<CourseEnrolment, 'status' | 'holdExpiresAt'>, now: Date) =>
  row.status === 'confirmed' || (row.status === 'pending_payment' && (row.holdExpiresAt === null || row.holdExpiresAt > now));

/** The live lessons and trials of the course's busiest session still to come: a whole-course place must fit beside them. */
export async function busiestSessionCount(tx: Prisma.TransactionClient, courseId: number, now: Date): Promise<number> {
  const [busiest] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM course_enrolments e JOIN course_sessions s ON s.id = e.session_id
    WHERE e.course_id = ${courseId} AND ${liveEnrolmentSql(now)} AND s.starts_at > ${now} AND s.cancelled_at IS NULL
    GROUP BY e.session_id ORDER BY 1 DESC LIMIT 1`;
  return busiest?.count ?? 0;
}
