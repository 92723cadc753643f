// School enrolments (docs/school.md#money): the public list, enrolling, paying and cancelling. Each part
// in its own file; this composes them.
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { notFound } from '../../lib/errors.js';
import type { MessageDescriptor } from '../../lib/i18n.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { accounts, debtWarningOf, owedBy } from '../ledger/index.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { createCourseCancellation } from './course-cancellation.js';
import { createEnrol } from './enrol.js';
import { createEnrolmentCancel } from './enrolment-cancel.js';
import { createEnrolmentPayments } from './enrolment-payments.js';
import type { PlaceHandOff } from './enrolment-places.js';
import { ENROLMENT_INCLUDE, ENROLMENT_MESSAGES, payFirstFirst, toEnrolmentDto } from './enrolment-terms.js';
import { createInstalmentReminders } from './instalment-reminders.js';
import { createOpenCourses } from './open-courses.js';
import { createSessionMakeUp } from './session-make-up.js';

export function createEnrolmentsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger'>, checkouts: Checkouts, stripeRequests: StripeRequests, handOff: PlaceHandOff) {
  const { db } = deps;
  const { enrol } = createEnrol(deps);
  const payments = createEnrolmentPayments(deps, checkouts);
  const cancelling = createEnrolmentCancel(deps, checkouts, handOff);

  /** Enrolments as the screens show them, with what each still owes read from the ledger today, and their instalments. */
  async function listOf(where: { userId?: number; id?: number }) {
    const rows = payFirstFirst(await db.courseEnrolment.findMany({ where, include: ENROLMENT_INCLUDE, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }));
    const [owed, { instalmentGraceDays }] = await Promise.all([owedBy(db, rows.map((row) => accounts.enrolment(row.id))), readSettings(db)]);
    const terms = { today: todayInRome(), graceDays: instalmentGraceDays };
    return rows.map((row) => toEnrolmentDto(row, owed.get(accounts.enrolment(row.id).key) ?? 0, terms));
  }
  const one = async (id: number) => (await listOf({ id }))[0]!;
  const answer = async (message: MessageDescriptor, id: number) => ({ message, enrolment: await one(id) });

  return {
    paymentTarget: payments.paymentTarget,
    expireLapsedHolds: cancelling.expireLapsedHolds,
    sendInstalmentReminders: createInstalmentReminders(deps),
    sessionCancellation: { ...cancelling.sessionCancellation, ...createSessionMakeUp(deps) },
    courseCancellation: createCourseCancellation(deps, checkouts, stripeRequests, handOff),
    openCourses: createOpenCourses(deps).openCourses,
    /** A new enrolment warns while the member owes the centre (docs/domain.md#credit). */
    enrol: async (...args: Parameters<typeof enrol>) => ({ ...(await enrol(...args)), debt: await debtWarningOf(db, args[0].id) }),
    async participants(user: User) {
      const children = await db.child.findMany({ where: { parentId: user.id }, orderBy: [{ firstName: 'asc' }, { id: 'asc' }] });
      const person = (childId: number | null, { firstName, lastName, birthDate }: { firstName: string; lastName: string; birthDate: Date | null }) =>
        ({ child_id: childId, name: `${firstName} ${lastName}`, birth_date: birthDate && toIsoDate(birthDate) });
      return { data: [person(null, user), ...children.map((child) => person(child.id, child))] };
    },
    mine: async (user: User) => ({ data: await listOf({ userId: user.id }) }),
    async ofMember(userId: number) {
      if (!(await db.user.findUnique({ where: { id: userId } }))) throw notFound(ENROLMENT_MESSAGES.notFound);
      return { data: await listOf({ userId }) };
    },
    checkout: payments.checkout,
    payWithCredit: async (user: User, id: number, body: Parameters<typeof payments.payWithCredit>[2]) => answer(await payments.payWithCredit(user, id, body), id),
    collect: async (staff: User, id: number, body: Parameters<typeof payments.collect>[2]) => answer(await payments.collect(staff, id, body), id),
    collectTransfer: payments.collectTransfer,
    dueOf: payments.dueOf,
    cancelMine: async (user: User, id: number) => answer(await cancelling.cancelMine(user, id), id),
    cancel: async (staff: User, id: number) => answer(await cancelling.cancel(staff, id), id),
  };
}

export type EnrolmentsService = ReturnType<typeof createEnrolmentsService>;
