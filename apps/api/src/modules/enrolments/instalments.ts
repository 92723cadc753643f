// What an enrolment owes by when (docs/school.md#instalments): a camp's deposit now and its balance by the
// camp's date; a season course's price split over its instalment dates; otherwise all of it now. The rows
// say only amounts and dates: whether one is paid is read from the enrolment's receivable in the ledger.
import type { Course } from '../../generated/prisma/client.js';
import type { Prisma } from '../../lib/db.js';
import { fromIsoDate, toIsoDate } from '../../lib/time.js';

export interface PlannedInstalment {
  seq: number;
  amountCents: number;
  /** Rome calendar day, YYYY-MM-DD. */
  dueOn: string;
}

type PlanTerms = Pick<Course, 'depositCents' | 'balanceDueOn' | 'instalmentDates'>;

/**
 * The instalments of an enrolment of `amountCents` made on `today` (Rome): a deposit and the balance when
 * the course asks a deposit; one instalment now and one per later date of `instalmentDates` for a whole
 * season course (dates already reached fold into the first; equal parts in whole euros, the first taking
 * what is left); otherwise one instalment, due today. Nothing for a free enrolment.
 */
export function instalmentPlan(course: PlanTerms, amountCents: number, today: string, kind: 'course' | 'lesson' | 'trial'): PlannedInstalment[] {
  if (amountCents <= 0) return [];
  if (kind !== 'course') return [{ seq: 1, amountCents, dueOn: today }];
  if (course.depositCents !== null && course.balanceDueOn !== null && course.depositCents < amountCents) {
    const balanceDue = toIsoDate(course.balanceDueOn);
    return [
      { seq: 1, amountCents: course.depositCents, dueOn: today },
      { seq: 2, amountCents: amountCents - course.depositCents, dueOn: balanceDue > today ? balanceDue : today },
    ];
  }
  const later = course.instalmentDates.map(toIsoDate).filter((day) => day > today).sort();
  const parts = 1 + later.length;
  const part = Math.floor(amountCents / parts / 100) * 100;
  if (parts === 1 || part === 0) return [{ seq: 1, amountCents, dueOn: today }];
  return [
    { seq: 1, amountCents: amountCents - part * later.length, dueOn: today },
    ...later.map((dueOn, index) => ({ seq: index + 2, amountCents: part, dueOn })),
  ];
}

/** Writes the plan's rows for the enrolment, in the enrolling transaction. */
export async function createInstalments(tx: Prisma.TransactionClient, enrolmentId: number, plan: PlannedInstalment[]) {
  if (plan.length === 0) return;
  await tx.enrolmentInstalment.createMany({ data: plan.map((row) => ({ enrolmentId, seq: row.seq, amountCents: row.amountCents, dueOn: fromIsoDate(row.dueOn) })) });
}

/**
 * What is due by `today` and not yet covered: the instalments due by then, less what the enrolment has paid
 * (its price less what it still owes, from the ledger), never more than it owes.
 */
export function dueNowCents(plan: Pick<PlannedInstalment, 'amountCents' | 'dueOn'>[], amountCents: number, owedCents: number, today: string): number {
  const dueByToday = plan.filter((row) => row.dueOn <= today).reduce((sum, row) => sum + row.amountCents, 0);
  return Math.min(owedCents, Math.max(0, dueByToday - (amountCents - owedCents)));
}
