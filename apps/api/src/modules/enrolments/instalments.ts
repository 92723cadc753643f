// What an enrolment owes by when (docs/school.md#instalments): a camp's deposit now and its balance by the
// camp's date; a season course's price split over its instalment dates; otherwise all of it now. The rows
// say only amounts and dates: whether one is paid is read from the enrolment's receivable in the ledger.
import type { Course } from '../../generated/prisma/client.js';
import type { Prisma } from '../../lib/db.js';
import { addDays, fromIsoDate, todayInRome, toIsoDate } from '../../lib/time.js';
import type { EnrolmentPart } from '../payments/index.js';

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

export interface InstalmentState extends PlannedInstalment {
  paid: boolean;
  /** Unpaid and `today` past its day plus the grace days. */
  overdue: boolean;
}

/**
 * The enrolment's instalments as rows say them; an enrolment made before instalments were written (the
 * demo's, say) owes its whole price in one, due the day it was made.
 */
export function planOf(enrolment: { amountCents: number; createdAt: Date; instalments: { seq: number; amountCents: number; dueOn: Date }[] }): PlannedInstalment[] {
  if (enrolment.instalments.length === 0) return enrolment.amountCents > 0 ? [{ seq: 1, amountCents: enrolment.amountCents, dueOn: todayInRome(enrolment.createdAt) }] : [];
  return [...enrolment.instalments].sort((a, b) => a.seq - b.seq).map((row) => ({ seq: row.seq, amountCents: row.amountCents, dueOn: toIsoDate(row.dueOn) }));
}

/**
 * Each instalment is paid when the running total of the amounts up to it is covered by what the enrolment
 * has paid (its price less what it owes, from the ledger): no paid flag is stored, so a refund on Stripe's
 * side makes the last ones unpaid again.
 */
export function instalmentStates(plan: PlannedInstalment[], amountCents: number, owedCents: number, today: string, graceDays: number): InstalmentState[] {
  const paidCents = amountCents - owedCents;
  let upTo = 0;
  return plan.map((row) => {
    upTo += row.amountCents;
    const paid = upTo <= paidCents;
    return { ...row, paid, overdue: !paid && today > addDays(row.dueOn, graceDays) };
  });
}

/**
 * What paying now settles, up to which instalment: up to `seq` when asked (null when it is already paid or
 * not one of them), else up to the last one due by today when any is unpaid, else the next one. Never more
 * than owed; null when nothing is owed.
 */
export function toPayNow(states: InstalmentState[], amountCents: number, owedCents: number, today: string, seq?: number): { seq: number; cents: number } | null {
  const unpaid = states.filter((row) => !row.paid);
  const target = seq === undefined ? (unpaid.filter((row) => row.dueOn <= today).at(-1) ?? unpaid[0]) : unpaid.find((row) => row.seq === seq);
  if (!target) return null;
  const upTo = states.filter((row) => row.seq <= target.seq).reduce((sum, row) => sum + row.amountCents, 0);
  const cents = Math.min(owedCents, upTo - (amountCents - owedCents));
  return cents > 0 ? { seq: target.seq, cents } : null;
}

/** toPayNow for an enrolment: a pending one pays at least what is due now, so it is never confirmed short of its first instalment. */
export function payNowOf(enrolment: { status: string; amountCents: number }, plan: PlannedInstalment[], owedCents: number, today: string, seq?: number) {
  const payNow = toPayNow(instalmentStates(plan, enrolment.amountCents, owedCents, today, 0), enrolment.amountCents, owedCents, today, seq);
  if (!payNow || enrolment.status !== 'pending_payment') return payNow;
  return { seq: payNow.seq, cents: Math.max(payNow.cents, dueNowCents(plan, enrolment.amountCents, owedCents, today)) };
}

/**
 * Which part of the enrolment paying `payNow` is, to name the payment: the whole price at once, a camp's
 * deposit or balance (the two instalments of a course with a deposit), or one instalment of several.
 */
export function paidPart(course: Pick<PlanTerms, 'depositCents' | 'balanceDueOn'>, plan: PlannedInstalment[], amountCents: number, payNow: { seq: number; cents: number }): EnrolmentPart {
  if (payNow.cents >= amountCents || plan.length <= 1) return { part: 'whole' };
  if (course.depositCents !== null && course.balanceDueOn !== null && plan.length === 2) return { part: payNow.seq === 1 ? 'deposit' : 'balance' };
  return { part: 'instalment', seq: payNow.seq, count: plan.length };
}
