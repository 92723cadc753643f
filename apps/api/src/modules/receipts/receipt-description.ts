// What a receipt was paid for, in words (docs/i18n.md#data-words). The Italian is the receipt's causale,
// printed on its PDF (a legal document) and kept as the payment recorded it; in German or English the
// member's list words it from what the payment records (its card, booking, share, enrolment, tournament
// or kind), never from a description stored in Italian. Names (a court's, a course's) are data; a course or
// tournament goes by its title in that language when the admin gave one.
import { defineMessages, titleIn } from '@beach/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { i18nFor, localizedDay, localizedWhen, render, withValues, type Locale, type MessageDescriptor } from '../../lib/i18n.js';
import { toIsoDate } from '../../lib/time.js';

const messages = defineMessages({
  enrolment: /* i18n */ { id: 'api.receipts.line_enrolment', message: 'Iscrizione · {causale}' },
  course: /* i18n */ { id: 'api.receipts.line_course', message: 'Corso: {course}' },
  courseFor: /* i18n */ { id: 'api.receipts.line_course_for', message: 'Corso: {course} · per {participant}' },
  camp: /* i18n */ { id: 'api.receipts.line_camp', message: 'Centro estivo: {course}' },
  campFor: /* i18n */ { id: 'api.receipts.line_camp_for', message: 'Centro estivo: {course} · per {participant}' },
  membership: /* i18n */ {
    id: 'api.receipts.line_membership',
    message: 'Quota associativa · Tessera {type, select, seasonal {stagionale} under_23 {under 23} under_18 {under 18} monthly {mensile} weekly {settimanale} other {giornaliera}} n. {number}, valida dal {from} al {to}',
  },
  booking: /* i18n */ { id: 'api.receipts.line_booking', message: 'Prenotazione campo · {court}, {when}' },
  share: /* i18n */ { id: 'api.receipts.line_share', message: 'Quota di prenotazione campo · {court}, {when}' },
  topUp: /* i18n */ { id: 'api.receipts.line_top_up', message: 'Ricarica del credito' },
  creditRefund: /* i18n */ { id: 'api.receipts.line_credit_refund', message: 'Rimborso del credito' },
  carnet: /* i18n */ { id: 'api.receipts.line_carnet', message: 'Carnet' },
  tournament: /* i18n */ { id: 'api.receipts.line_tournament', message: 'Quota torneo · {tournament}' },
  debt: /* i18n */ { id: 'api.receipts.line_debt', message: 'Saldo di quanto dovuto al centro' },
  membershipFee: /* i18n */ { id: 'api.receipts.line_membership_fee', message: 'Quota associativa' },
  bookingFee: /* i18n */ { id: 'api.receipts.line_booking_fee', message: 'Prenotazione campo' },
});

const BOOKING = { include: { court: { select: { name: true } } } } as const;
const TITLES = { select: { name: true, titleDe: true, titleEn: true } } as const;
const ENROLMENT = { include: { course: { select: { name: true, titleDe: true, titleEn: true, sport: true, offer: true } }, child: true } } as const;
/** What a payment records: its card, booking, share (and the share's booking), the carnet it bought, the school enrolment or the tournament part. */
export const RECORDS = {
  membership: true,
  booking: BOOKING,
  bookingPlayer: { include: { booking: BOOKING } },
  carnet: { select: { id: true } },
  enrolment: ENROLMENT,
  tournamentPlayer: { select: { tournament: TITLES } },
} as const;
export const WITH_TRANSACTION = { refersTo: true, transaction: { include: { ...RECORDS, refundOf: { include: RECORDS } } } } as const;
export type ReceiptRow = Prisma.ReceiptGetPayload<{ include: typeof WITH_TRANSACTION }>;
export type Payment = ReceiptRow['transaction'];

/** What a receipt records: the payment's own card, booking, share, carnet, enrolment or tournament part; for a refund note, the refunded payment's. */
export function recordsOf(transaction: Payment) {
  const refunded = transaction.refundOf;
  return {
    membership: transaction.membership ?? refunded?.membership ?? null,
    booking: transaction.booking ?? refunded?.booking ?? null,
    share: transaction.bookingPlayer ?? refunded?.bookingPlayer ?? null,
    carnet: transaction.carnet ?? refunded?.carnet ?? null,
    enrolment: transaction.enrolment ?? refunded?.enrolment ?? null,
    tournament: (transaction.tournamentPlayer ?? refunded?.tournamentPlayer)?.tournament ?? null,
  };
}

type Enrolment = { course: { name: string; titleDe?: string | null; titleEn?: string | null; offer: 'course' | 'camp' }; child: { firstName: string; lastName: string } | null };

/** "Corso: Minivolley" or "Centro estivo: Settimana 1", with the child it is for, in `locale` (Italian for the fiscal statements). */
export function enrolmentCausale(enrolment: Enrolment, locale: Locale = 'it'): string {
  const course = titleIn(locale, enrolment.course);
  const camp = enrolment.course.offer === 'camp';
  const line = enrolment.child
    ? withValues(camp ? messages.campFor : messages.courseFor, { course, participant: `${enrolment.child.firstName} ${enrolment.child.lastName}` })
    : withValues(camp ? messages.camp : messages.course, { course });
  return render(i18nFor(locale), line);
}

/** What a payment is for, worded from what it records, where a description stored in Italian would say it. */
function derivedLine(transaction: Payment, locale: Locale): MessageDescriptor {
  const { tournament } = recordsOf(transaction);
  if (transaction.kind === 'credit') return transaction.type === 'refund' ? messages.creditRefund : messages.topUp;
  if (transaction.kind === 'carnet') return messages.carnet;
  if (transaction.kind === 'debt') return messages.debt;
  if (tournament) return withValues(messages.tournament, { tournament: titleIn(locale, tournament) });
  return transaction.kind === 'membership' ? messages.membershipFee : messages.bookingFee;
}

/** What was paid for, in `locale`: the receipt's causale in Italian, the member's list line in any language. */
export function describe(transaction: Payment, locale: Locale): string {
  const { membership, booking, share, enrolment } = recordsOf(transaction);
  const say = (descriptor: MessageDescriptor) => render(i18nFor(locale), descriptor);
  if (enrolment) return say(withValues(messages.enrolment, { causale: enrolmentCausale(enrolment, locale) }));
  if (membership) {
    const values = { type: membership.type, number: membership.membershipNumber, from: localizedDay(toIsoDate(membership.startDate)), to: localizedDay(toIsoDate(membership.endDate)) };
    return say(withValues(messages.membership, values));
  }
  if (booking) return say(withValues(messages.booking, { court: booking.court.name, when: localizedWhen(booking) }));
  if (share) return say(withValues(messages.share, { court: share.booking.court.name, when: localizedWhen(share.booking) }));
  // The Italian keeps what the payment recorded (a carnet's name, "Ricarica credito in segreteria").
  if (locale === 'it' && transaction.description) return transaction.description;
  return say(derivedLine(transaction, locale));
}
