// Letting go of an enrolment (docs/school.md#money): its status moved from where it was in one
// conditional statement (so a lapsed hold is released once however many workers see it), its
// whole-course place handed on (offered to the waiting list, or given back to the course's counter and a
// camp's band's: docs/school.md#waiting-list), and what it still owes written off.
import type { Prisma } from '../../generated/prisma/client.js';
import type { EnrolmentStatus } from '../../generated/prisma/enums.js';
import { accounts, writeOff } from '../ledger/index.js';

/** The enrolment row locked (the lock payments take on it too, payments/payment-targets.ts). */
export async function lockEnrolment(tx: Prisma.TransactionClient, id: number) {
  await tx.$queryRaw`SELECT id FROM course_enrolments WHERE id = ${id} FOR UPDATE`;
  return tx.courseEnrolment.findUnique({ where: { id } });
}

/**
 * For letting a place go: the course's row locked first, then the enrolment's — the order enrolling and a
 * course's cancellation take them in, so a release (which hands the place on under the course's lock)
 * never waits on them in the other order. An enrolment's course never changes.
 */
export async function lockEnrolmentAndCourse(tx: Prisma.TransactionClient, id: number) {
  const known = await tx.courseEnrolment.findUnique({ where: { id }, select: { courseId: true } });
  if (known) await tx.$queryRaw`SELECT id FROM courses WHERE id = ${known.courseId} FOR UPDATE`;
  return lockEnrolment(tx, id);
}

/** What becomes of a freed whole-course place: the waiting list's engine (course-waitlist's passPlaceOn), given by services.ts. */
export interface PlaceHandOff {
  passPlaceOn(tx: Prisma.TransactionClient, place: { courseId: number; bandId: number | null }, now: Date): Promise<boolean>;
  /** A cancelled course's list closed: everyone waiting or offered a place withdrawn, the offers' places given back. */
  closeList(tx: Prisma.TransactionClient, courseId: number): Promise<void>;
}

/** Cancels the enrolment if it is still `from`; returns whether this call did. */
export async function releasePlace(tx: Prisma.TransactionClient, handOff: PlaceHandOff, id: number, from: EnrolmentStatus, context: { createdById?: number | null; now?: Date } = {}): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ kind: string; courseId: number; bandId: number | null; userId: number }[]>`
    UPDATE course_enrolments SET status = 'cancelled', cancelled_at = now(), hold_expires_at = NULL, updated_at = now()
    WHERE id = ${id} AND status = ${from}::enrolment_status RETURNING kind::text AS kind, course_id AS "courseId", band_id AS "bandId", user_id AS "userId"`;
  if (!row) return false;
  if (row.kind === 'course') await handOff.passPlaceOn(tx, row, context.now ?? new Date());
  await writeOff(tx, `enrolment:${id}:write-off`, [accounts.enrolment(id)], { enrolmentId: id, userId: row.userId, createdById: context.createdById ?? null, description: 'Iscrizione annullata' });
  return true;
}
