// A child's row as the API shows it, and what the member's other features need of their children: the
// data export and the erasure (docs/school.md#families).
import type { TChild } from '@beach/contracts';
import type { Child, MedicalCertificate } from '../../generated/prisma/client.js';
import type { Db, Prisma } from '../../lib/db.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { CERTIFICATES_ORDER, statusOf } from '../certificates/index.js';

/** The names an erased member's children keep (the rows stay for their enrolments and payments). */
export const ERASED_CHILD_NAME = { firstName: 'Minore', lastName: 'cancellato' } as const;

/** What a child's row shows beside its columns: whether it was ever enrolled, and its certificates. */
export const childWithEnrolments = { _count: { select: { enrolments: true } }, certificates: { orderBy: CERTIFICATES_ORDER } } as const;
type ChildRow = Child & { _count: { enrolments: number }; certificates: MedicalCertificate[] };

export const toChildDto = (child: ChildRow): TChild => ({
  id: child.id,
  first_name: child.firstName,
  last_name: child.lastName,
  birth_date: toIsoDate(child.birthDate),
  fiscal_code: child.fiscalCode,
  health_notes: child.healthNotes,
  pickup_people: child.pickupPeople,
  photo_consent: child.photoConsent,
  has_enrolments: child._count.enrolments > 0,
  certificate: statusOf(child.certificates, todayInRome()),
  created_at: child.createdAt.toISOString(),
});

/** A parent's children, oldest first (health notes included: only for the parent, the staff and the coach). */
export async function childrenOf(db: Db | Prisma.TransactionClient, parentId: number): Promise<TChild[]> {
  const rows = await db.child.findMany({ where: { parentId }, include: childWithEnrolments, orderBy: [{ birthDate: 'asc' }, { id: 'asc' }] });
  return rows.map(toChildDto);
}

/**
 * Part of a member's erasure, inside its transaction: a child never enrolled goes; one the enrolments and
 * their payments name stays, with nothing left that says who they are — the name anonymised, the birth
 * date cut to its year (the column is required, and a course's ages are read from it), fiscal code, health
 * notes and pickup people emptied, no photo consent.
 */
export async function eraseChildrenOf(tx: Prisma.TransactionClient, parentId: number): Promise<void> {
  await tx.child.deleteMany({ where: { parentId, enrolments: { none: {} } } });
  const kept = await tx.child.findMany({ where: { parentId }, select: { id: true, birthDate: true } });
  for (const child of kept) {
    const birthYear = new Date(Date.UTC(child.birthDate.getUTCFullYear(), 0, 1));
    await tx.child.update({
      where: { id: child.id },
      data: { ...ERASED_CHILD_NAME, birthDate: birthYear, fiscalCode: null, healthNotes: null, pickupPeople: null, photoConsent: false },
    });
  }
}
