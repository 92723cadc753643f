// A sibling's discounted place is paid after the place it is discounted for (docs/school.md#camps): the
// server refuses a member's payment of it until another place of the family in the course is confirmed.
import type { TEnrolment } from '@beach/contracts';

/**
 * Whether the member must pay another place first, read from their enrolments: null when this one may be
 * paid, else the place waited for (`name` is null when no other place of the course is left to pay).
 */
export function placeToPayFirst(enrolment: TEnrolment, mine: TEnrolment[]): { name: string | null } | null {
  if (enrolment.status !== 'pending_payment' || Number(enrolment.sibling_discount) <= 0) return null;
  const family = mine.filter((other) => other.course.id === enrolment.course.id && other.kind === 'course' && other.participant.child_id !== enrolment.participant.child_id);
  if (family.some((other) => other.status === 'confirmed')) return null;
  return { name: family.find((other) => other.status === 'pending_payment')?.participant.name ?? null };
}
