// Letting go of an enrolment (docs/school.md#money): its status moved from where it was in one
// conditional statement (so a lapsed hold is released once however many workers see it), its
// whole-course place given back to the course's counter (and a camp's to its band's), and what it
// still owes written off.
import type { Prisma } from '../../generated/prisma/client.js';
import type { EnrolmentStatus } from '../../generated/prisma/enums.js';
import { accounts, writeOff } from '../ledger/index.js';

/** The enrolment row locked (the lock payments take on it too, payments/payment-targets.ts). */
export async function lockEnrolment(tx: Prisma.TransactionClient, id: number) {
  await tx.$queryRaw`SELECT id FROM course_enrolments WHERE id = ${id} FOR UPDATE`;
  return tx.courseEnrolment.findUnique({ where: { id } });
}

/** Cancels the enrolment if it is still `from`; returns whether this call did. */
export async function releasePlace(tx: Prisma.TransactionClient, id: number, from: EnrolmentStatus, context: { createdById?: number | null } = {}): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ kind: string; courseId: number; userId: number; bandId: number | null }[]>`
    UPDATE course_enrolments SET status = 'cancelled', cancelled_at = now(), hold_expires_at = NULL, updated_at = now()
    WHERE id = ${id} AND status = ${from}::enrolment_status RETURNING kind::text AS kind, course_id AS "courseId", user_id AS "userId", band_id AS "bandId"`;
  if (!row) return false;
  if (row.kind === 'course') await tx.$executeRaw`UPDATE courses SET places_taken = places_taken - 1, updated_at = now() WHERE id = ${row.courseId}`;
  if (row.bandId !== null) await tx.$executeRaw`UPDATE course_bands SET places_taken = places_taken - 1 WHERE id = ${row.bandId}`;
  await writeOff(tx, `enrolment:${id}:write-off`, [accounts.enrolment(id)], { enrolmentId: id, userId: row.userId, createdById: context.createdById ?? null, description: 'Iscrizione annullata' });
  return true;
}
