// What a member pays online, named on Stripe's page in their language (docs/domain.md#payments): the part
// paid, the thing and, for a child, whose it is, so two children's deposits read as two different lines.
// The payment row keeps the same name in Italian, for the desk and the receipts. A course, a camp or a
// tournament goes by its title in that language (docs/i18n.md#data-words); other data (a court's, a
// carnet's name) stays as written.
import { defineMessages, titleIn, type TLocalizedTitles } from '@beach/contracts';
import { i18nFor, localized, localizedEuros, localizedWhen, render, withValues, type MessageDescriptor } from '../../lib/i18n.js';

const messages = defineMessages({
  enrolment: /* i18n */ { id: 'api.payments.item_enrolment', message: 'Iscrizione · {course} · {participant}' },
  deposit: /* i18n */ { id: 'api.payments.item_deposit', message: 'Acconto · {course} · {participant}' },
  balance: /* i18n */ { id: 'api.payments.item_balance', message: 'Saldo · {course} · {participant}' },
  instalment: /* i18n */ { id: 'api.payments.item_instalment', message: 'Rata {seq} di {count} · {course} · {participant}' },
  booking: /* i18n */ { id: 'api.payments.item_booking', message: 'Campo {court} · {when}' },
  bookingWithCredit: /* i18n */ { id: 'api.payments.item_booking_with_credit', message: 'Campo {court} · {when} ({credit} pagati con il credito)' },
  share: /* i18n */ { id: 'api.payments.item_share', message: 'Quota campo {court} · {when}' },
  membership: /* i18n */ { id: 'api.payments.item_membership', message: '{card} {number}' },
  tournament: /* i18n */ { id: 'api.payments.item_tournament', message: 'Quota torneo · {tournament}' },
  topUp: /* i18n */ { id: 'api.payments.item_top_up', message: 'Ricarica credito {amount}' },
});

/** Which part of an enrolment a payment settles: all of it, a camp's deposit or balance, or one instalment of several. */
export type EnrolmentPart = { part: 'whole' | 'deposit' | 'balance' } | { part: 'instalment'; seq: number; count: number };

/** A descriptor given as a value of another, worded in the other's language. */
const said = (descriptor: MessageDescriptor) => localized((locale) => render(i18nFor(locale), descriptor));
/** A course's or a tournament's title in the language the line is worded in: the Italian name for the payment row. */
const titled = (item: TLocalizedTitles) => localized((locale) => titleIn(locale, item));

type Span = { startsAt: Date; endsAt: Date };

export const checkoutItems = {
  /** "Acconto · Centro estivo settimana 4 · Lena": the participant by first name, the parent paying. */
  enrolment: (paid: EnrolmentPart, item: TLocalizedTitles, participant: string) => {
    const course = titled(item);
    return paid.part === 'instalment'
      ? withValues(messages.instalment, { seq: paid.seq, count: paid.count, course, participant })
      : withValues(messages[paid.part === 'whole' ? 'enrolment' : paid.part], { course, participant });
  },
  booking: (court: string, span: Span, creditCents = 0) =>
    creditCents > 0
      ? withValues(messages.bookingWithCredit, { court, when: localizedWhen(span), credit: localizedEuros(creditCents) })
      : withValues(messages.booking, { court, when: localizedWhen(span) }),
  share: (court: string, span: Span) => withValues(messages.share, { court, when: localizedWhen(span) }),
  /** The card by its name in the member's language (memberships' CARD_NAME) and its number. */
  membership: (card: MessageDescriptor, number: string) => withValues(messages.membership, { card: said(card), number }),
  tournament: (tournament: TLocalizedTitles) => withValues(messages.tournament, { tournament: titled(tournament) }),
  topUp: (cents: number) => withValues(messages.topUp, { amount: localizedEuros(cents) }),
};
