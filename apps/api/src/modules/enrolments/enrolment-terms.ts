// The school's enrolment rules (docs/school.md#prices, #money): the price of the whole course from now,
// the messages members read, and an enrolment as the screens show it.
import { centsToMoney, defineMessages, type TEnrolment, type TEnrolmentInstalment } from '@beach/contracts';
import type { Child, Course, CourseEnrolment, CourseSession, EnrolmentInstalment, User } from '../../generated/prisma/client.js';
import { dueNowCents, type InstalmentState, instalmentStates, payNowOf, planOf } from './instalments.js';

export const ENROLMENT_MESSAGES = defineMessages({
  notFound: /* i18n */ { id: 'api.enrolments.not_found', message: 'Iscrizione non trovata.' },
  courseNotOpen: /* i18n */ { id: 'api.enrolments.course_not_open', message: 'Questo corso non accetta iscrizioni.' },
  courseFull: /* i18n */ { id: 'api.enrolments.course_full', message: 'Corso al completo.' },
  sessionFull: /* i18n */ { id: 'api.enrolments.session_full', message: 'Questa lezione è al completo.' },
  sessionNotOpen: /* i18n */ { id: 'api.enrolments.session_not_open', message: 'Scegli una lezione del corso ancora da tenere.' },
  noLessons: /* i18n */ { id: 'api.enrolments.no_lessons', message: 'Questo corso non vende lezioni singole.' },
  noTrial: /* i18n */ { id: 'api.enrolments.no_trial', message: 'Questo corso non prevede una lezione di prova.' },
  trialUsed: /* i18n */ { id: 'api.enrolments.trial_used', message: 'La lezione di prova di questo corso è già stata fatta.' },
  notYourChild: /* i18n */ { id: 'api.enrolments.not_your_child', message: 'Puoi iscrivere solo te stesso o i tuoi figli.' },
  alreadyEnrolled: /* i18n */ { id: 'api.enrolments.already_enrolled', message: 'Risulta già un’iscrizione per questa persona.' },
  noMembership: /* i18n */ { id: 'api.enrolments.no_membership', message: 'Per iscriverti serve una tessera valida per le date del corso.' },
  notPending: /* i18n */ { id: 'api.enrolments.not_pending', message: 'Questa iscrizione non è più in attesa di pagamento.' },
  holdLapsed: /* i18n */ { id: 'api.enrolments.hold_lapsed', message: 'Il tempo per pagare è scaduto: il posto non è più tenuto. Iscriviti di nuovo.' },
  alreadyCancelled: /* i18n */ { id: 'api.enrolments.already_cancelled', message: 'Questa iscrizione è già annullata.' },
  enrolled: /* i18n */ { id: 'api.enrolments.enrolled', message: 'Posto tenuto: completa il pagamento per confermare l’iscrizione.' },
  confirmed: /* i18n */ { id: 'api.enrolments.confirmed', message: 'Iscrizione confermata.' },
  paidWithCredit: /* i18n */ { id: 'api.enrolments.paid_with_credit', message: 'Iscrizione pagata con il credito e confermata.' },
  cancelled: /* i18n */ { id: 'api.enrolments.cancelled', message: 'Iscrizione annullata: il posto è di nuovo libero.' },
  collected: /* i18n */ { id: 'api.enrolments.collected', message: 'Iscrizione incassata e confermata.' },
  alreadyInCourse: /* i18n */ { id: 'api.enrolments.already_in_course', message: 'È già iscritto/a al corso.' },
  siblingFirst: /* i18n */ { id: 'api.enrolments.sibling_first', message: 'Lo sconto fratelli vale con un fratello iscritto: paga prima l’iscrizione senza sconto.' },
  campWholeWeek: /* i18n */ { id: 'api.enrolments.camp_whole_week', message: 'Al centro estivo ci si iscrive per tutta la settimana.' },
  campStarted: /* i18n */ { id: 'api.enrolments.camp_started', message: 'Il centro estivo è già iniziato: non accetta più iscrizioni.' },
  noBand: /* i18n */ { id: 'api.enrolments.no_band', message: 'Nessuna fascia d’età di questo centro estivo per {age} anni.' },
  noBirthDate: /* i18n */ { id: 'api.enrolments.no_birth_date', message: 'Per il centro estivo serve la data di nascita: aggiungila al profilo.' },
  bandFull: /* i18n */ { id: 'api.enrolments.band_full', message: 'Fascia d’età al completo.' },
  hasLessons: /* i18n */ { id: 'api.enrolments.has_lessons', message: 'Ha già lezioni singole o una prova in questo corso: annullale prima dell’iscrizione al corso intero.' },
  tooYoung: /* i18n */ { id: 'api.enrolments.too_young', message: 'Questo corso è per chi ha almeno {min} anni alla prima lezione.' },
  tooOld: /* i18n */ { id: 'api.enrolments.too_old', message: 'Questo corso è per chi ha al massimo {max} anni alla prima lezione.' },
  cancelledToCredit: /* i18n */ { id: 'api.enrolments.cancelled_to_credit', message: 'Iscrizione annullata: quanto pagato è tornato sul credito del socio.' },
  nothingOwed: /* i18n */ { id: 'api.enrolments.nothing_owed', message: 'Questa iscrizione è già pagata.' },
  instalmentPaid: /* i18n */ { id: 'api.enrolments.instalment_paid', message: 'Questa rata è già pagata.' },
  instalmentPaidWithCredit: /* i18n */ { id: 'api.enrolments.instalment_paid_with_credit', message: 'Rata pagata con il credito.' },
  instalmentCollected: /* i18n */ { id: 'api.enrolments.instalment_collected', message: 'Rata incassata.' },
});

/**
 * The whole course from now: its price × the sessions not yet started ÷ all its sessions (cancelled ones
 * counted in neither), rounded to whole euros.
 */
export function proRataCents(priceCents: number, sessionsLeft: number, sessionsTotal: number): number {
  if (sessionsTotal === 0 || sessionsLeft === 0) return 0;
  return Math.round((priceCents * sessionsLeft) / sessionsTotal / 100) * 100;
}

/** The course's sessions not cancelled, and those of them not yet started at `now`. */
export function sessionsOf(sessions: CourseSession[], now: Date) {
  const held = sessions.filter((session) => session.cancelledAt === null).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { held, upcoming: held.filter((session) => session.startsAt > now) };
}

export type EnrolmentRow = CourseEnrolment & {
  course: Pick<Course, 'id' | 'name' | 'titleDe' | 'titleEn' | 'offer'>;
  child: Pick<Child, 'firstName' | 'lastName'> | null;
  user: Pick<User, 'firstName' | 'lastName'>;
  session: Pick<CourseSession, 'startsAt'> | null;
  instalments: EnrolmentInstalment[];
};
export const ENROLMENT_INCLUDE = {
  course: { select: { id: true, name: true, titleDe: true, titleEn: true, offer: true } },
  child: { select: { firstName: true, lastName: true } },
  user: { select: { firstName: true, lastName: true } },
  session: { select: { startsAt: true } },
  instalments: { orderBy: { seq: 'asc' } },
} as const;

/** The day instalments are read on (Rome) and the settings' grace days before an unpaid one is overdue. */
export interface DueTerms {
  today: string;
  graceDays: number;
}

/** Who takes the place, by name: the child, or the member. */
type Named = { firstName: string; lastName: string };
/** Who takes the place: the child, else the member. */
export const participantName = (row: { child: Named | null; user: Named }) => (row.child ? `${row.child.firstName} ${row.child.lastName}` : `${row.user.firstName} ${row.user.lastName}`);

/**
 * Newest first, but a course's enrolments together with the full-price one before the discounted ones: a
 * sibling's discounted place is paid after the place it is discounted for (docs/school.md#camps).
 */
export function payFirstFirst<Row extends Pick<CourseEnrolment, 'courseId' | 'siblingDiscountCents'>>(newestFirst: Row[]): Row[] {
  const byCourse = new Map<number, Row[]>();
  for (const row of newestFirst) byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), row]);
  return [...byCourse.values()].flatMap((rows) => [...rows].sort((a, b) => a.siblingDiscountCents - b.siblingDiscountCents));
}

const toInstalmentDto = (row: InstalmentState): TEnrolmentInstalment => ({ seq: row.seq, amount: centsToMoney(row.amountCents), due_on: row.dueOn, paid: row.paid, overdue: row.overdue });

export function toEnrolmentDto(row: EnrolmentRow, owedCents: number, { today, graceDays }: DueTerms): TEnrolment {
  // A cancelled enrolment owes nothing more (what it owed is written off): it lists no instalments.
  const plan = row.status === 'cancelled' ? [] : planOf(row);
  const instalments = instalmentStates(plan, row.amountCents, owedCents, today, graceDays);
  const nextDue = instalments.find((instalment) => !instalment.paid);
  const payNow = payNowOf(row, plan, owedCents, today);
  return {
    id: row.id,
    course: { id: row.course.id, name: row.course.name, title_de: row.course.titleDe, title_en: row.course.titleEn, offer: row.course.offer },
    participant: { child_id: row.childId, name: participantName(row) },
    kind: row.kind,
    session_starts_at: row.session?.startsAt.toISOString() ?? null,
    amount: centsToMoney(row.amountCents),
    sibling_discount: centsToMoney(row.siblingDiscountCents),
    owed: centsToMoney(owedCents),
    status: row.status,
    hold_expires_at: row.status === 'pending_payment' ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    instalments: instalments.map(toInstalmentDto),
    due_now: centsToMoney(dueNowCents(plan, row.amountCents, owedCents, today)),
    next_due: nextDue ? toInstalmentDto(nextDue) : null,
    pay_now: payNow ? { seq: payNow.seq, amount: centsToMoney(payNow.cents) } : null,
  };
}
