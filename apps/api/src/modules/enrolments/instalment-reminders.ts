// Unpaid instalments (docs/school.md#instalments): the daily reminders to the payer, three days before an
// instalment's day and on the day, each once; and the overdue ones the desk and the check-in warn about.
// Paid or not is read from the ledger, never stored.
import { titleIn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { type Db, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { i18nFor } from '../../lib/i18n.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { transferForEmail } from '../bank-transfer/index.js';
import { accounts, owedBy } from '../ledger/index.js';
import { readSettings } from '../settings/index.js';
import { participantName } from './enrolment-terms.js';
import { instalmentReminderEmail } from './enrolments.emails.js';
import { instalmentStates, planOf } from './instalments.js';

/** A reminder is sent this many days before an instalment's day, and again on the day. */
export const REMINDER_DAYS_BEFORE = 3;

const ENROLMENT_DETAILS = {
  course: { select: { name: true, titleDe: true, titleEn: true } },
  child: { select: { firstName: true, lastName: true } },
  user: { select: { email: true, firstName: true, lastName: true, locale: true, erasedAt: true, disabledAt: true } },
  instalments: true,
} as const;

/** The unpaid instalments among the enrolments' (confirmed ones: a pending one is being paid, a cancelled one owes nothing), read on `today`. */
async function unpaidInstalments(db: Db | Prisma.TransactionClient, where: { id?: { in: number[] }; userId?: number }, today: string, graceDays: number) {
  const enrolments = await db.courseEnrolment.findMany({ where: { ...where, status: 'confirmed' }, include: ENROLMENT_DETAILS, orderBy: { id: 'asc' } });
  const owed = await owedBy(db, enrolments.map((row) => accounts.enrolment(row.id)));
  return enrolments.flatMap((enrolment) => {
    const states = instalmentStates(planOf(enrolment), enrolment.amountCents, owed.get(accounts.enrolment(enrolment.id).key) ?? 0, today, graceDays);
    return states.filter((state) => !state.paid).map((state) => ({ ...state, enrolment }));
  });
}

/**
 * The member's overdue instalments as payer (unpaid past their day plus the settings' grace days), for
 * the check-in's warning: course, participant, day and amount.
 */
export async function overdueInstalmentsOf(db: Db, userId: number, today = todayInRome()) {
  const { instalmentGraceDays } = await readSettings(db);
  return (await unpaidInstalments(db, { userId }, today, instalmentGraceDays))
    .filter((row) => row.overdue)
    .map((row) => ({ course: row.enrolment.course.name, participant: participantName(row.enrolment), dueOn: row.dueOn, amountCents: row.amountCents }));
}

export function createInstalmentReminders({ db, jobs, config, logger }: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger'>) {
  /**
   * Job 'enrolments-instalment-reminders' (daily, 8:00 Rome): each unpaid instalment due within the next
   * three days gets its reminder before, and one due today its reminder of the day. Each is marked by a
   * conditional update in the transaction that queues its e-mail, so it goes out once however often the
   * job runs and however many workers run it at once (the second waits for the first's row and finds it marked).
   */
  return async function sendInstalmentReminders(today = todayInRome()) {
    const sent = await db.$transaction(async (tx) => {
      const due = await tx.enrolmentInstalment.findMany({
        where: {
          enrolment: { status: 'confirmed' },
          OR: [
            { remindedBeforeAt: null, dueOn: { gt: fromIsoDate(today), lte: fromIsoDate(addDays(today, REMINDER_DAYS_BEFORE)) } },
            { remindedOnDayAt: null, dueOn: fromIsoDate(today) },
          ],
        },
        select: { enrolmentId: true },
      });
      if (due.length === 0) return 0;
      const unpaid = await unpaidInstalments(tx, { id: { in: [...new Set(due.map((row) => row.enrolmentId))] } }, today, 0);
      let count = 0;
      for (const instalment of unpaid) {
        const { enrolment } = instalment;
        if (enrolment.user.erasedAt || enrolment.user.disabledAt) continue;
        const onTheDay = instalment.dueOn === today;
        if (!onTheDay && (instalment.dueOn < today || instalment.dueOn > addDays(today, REMINDER_DAYS_BEFORE))) continue;
        const marked = onTheDay
          ? await tx.$executeRaw`UPDATE enrolment_instalments SET reminded_on_day_at = now() WHERE enrolment_id = ${enrolment.id} AND seq = ${instalment.seq} AND reminded_on_day_at IS NULL`
          : await tx.$executeRaw`UPDATE enrolment_instalments SET reminded_before_at = now() WHERE enrolment_id = ${enrolment.id} AND seq = ${instalment.seq} AND reminded_before_at IS NULL`;
        if (marked === 0) continue;
        const what = { course: titleIn(enrolment.user.locale, enrolment.course), participant: participantName(enrolment), amountCents: instalment.amountCents, dueOn: instalment.dueOn, today: onTheDay };
        // By transfer: what is payable up to this instalment (an earlier one still unpaid included), under its RF reference.
        const upToThis = unpaid.filter((row) => row.enrolment.id === enrolment.id && row.seq <= instalment.seq).reduce((sum, row) => sum + row.amountCents, 0);
        const transfer = await transferForEmail(tx, i18nFor(enrolment.user.locale), { kind: 'enrolment', id: enrolment.id, seq: instalment.seq }, upToThis);
        await jobs.send('send-email', instalmentReminderEmail(enrolment.user, what, `${webOriginOf(config)}/profilo`, transfer), { tx });
        count += 1;
      }
      return count;
    }, TRANSACTION_OPTIONS);
    logger.info({ sent }, 'Iscrizioni: promemoria delle rate');
    return sent;
  };
}
