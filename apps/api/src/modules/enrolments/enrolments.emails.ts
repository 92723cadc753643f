import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedDay, localizedEuros, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import type { TransferInEmail } from '../bank-transfer/index.js';

const messages = defineMessages({
  subject: /* i18n */ { id: 'api.enrolments.email_confirmed_subject', message: 'Iscrizione confermata: {course}' },
  title: /* i18n */ { id: 'api.enrolments.email_confirmed_title', message: 'Iscrizione confermata' },
  body: /* i18n */ { id: 'api.enrolments.email_confirmed_body', message: 'l’iscrizione di {participant} al corso «{course}» è confermata: abbiamo ricevuto {amount}.' },
  action: /* i18n */ { id: 'api.enrolments.email_confirmed_action', message: 'Vedi le tue iscrizioni' },
  dates: /* i18n */ { id: 'api.enrolments.email_confirmed_dates', message: 'Dal {from} al {to}.' },
  price: /* i18n */ { id: 'api.enrolments.email_confirmed_price', message: 'Prezzo: {price}.' },
  priceDiscounted: /* i18n */ { id: 'api.enrolments.email_confirmed_price_discounted', message: 'Prezzo: {price}, con lo sconto fratelli di {discount}.' },
  balance: /* i18n */ {
    id: 'api.enrolments.email_confirmed_balance',
    message: 'Resta da pagare {amount} entro il {day}: puoi pagarlo dal tuo profilo con la carta o con il credito, oppure in segreteria.',
  },
  paidSubject: /* i18n */ { id: 'api.enrolments.email_instalment_paid_subject', message: 'Rata pagata: {course}' },
  paidTitle: /* i18n */ { id: 'api.enrolments.email_instalment_paid_title', message: 'Rata pagata' },
  paidBody: /* i18n */ { id: 'api.enrolments.email_instalment_paid_body', message: 'abbiamo ricevuto {amount} per l’iscrizione di {participant} al corso «{course}».' },
  stillOwed: /* i18n */ { id: 'api.enrolments.email_instalment_still_owed', message: 'Resta da pagare {amount}: ti ricorderemo le prossime rate.' },
  allPaid: /* i18n */ { id: 'api.enrolments.email_instalment_all_paid', message: 'L’iscrizione è ora pagata per intero.' },
  reminderSubject: /* i18n */ { id: 'api.enrolments.email_instalment_reminder_subject', message: 'Rata in scadenza il {day}: {course}' },
  reminderTodaySubject: /* i18n */ { id: 'api.enrolments.email_instalment_reminder_today_subject', message: 'Rata in scadenza oggi: {course}' },
  reminderTitle: /* i18n */ { id: 'api.enrolments.email_instalment_reminder_title', message: 'Promemoria di pagamento' },
  reminderBody: /* i18n */ {
    id: 'api.enrolments.email_instalment_reminder_body',
    message: 'la rata di {amount} dell’iscrizione di {participant} al corso «{course}» scade il {day}. Puoi pagarla dal tuo profilo con la carta o con il credito, oppure in segreteria.',
  },
  reminderAction: /* i18n */ { id: 'api.enrolments.email_instalment_reminder_action', message: 'Paga ora' },
});

/** Who the e-mail goes to, in their language (users.locale). */
interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}

/** What the confirmation says of the enrolment: its dates, its price (and sibling discount), what was paid and what is left, by when. */
export interface ConfirmedEnrolment {
  course: string;
  participant: string;
  /** The course's first and last day (YYYY-MM-DD). */
  startsOn: string;
  endsOn: string;
  priceCents: number;
  siblingDiscountCents: number;
  amountCents: number;
  /** What is left to pay after this payment, and its day when it is one instalment (a camp's balance). */
  owedCents: number;
  balanceDueOn: string | null;
}

function leftToPay(say: ReturnType<typeof sayer>, { owedCents, balanceDueOn }: ConfirmedEnrolment) {
  if (owedCents <= 0) return say(messages.allPaid);
  const amount = localizedEuros(owedCents);
  return balanceDueOn ? say(messages.balance, { amount, day: localizedDay(balanceDueOn) }) : say(messages.stillOwed, { amount });
}

/** A paid enrolment is confirmed: who, which course and when, its price, what was paid and what is left (in the payer's language, users.locale). */
export function enrolmentConfirmedEmail(to: Recipient, enrolment: ConfirmedEnrolment, enrolmentsUrl: string, transfer?: TransferInEmail | null): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  const price = localizedEuros(enrolment.priceCents);
  return {
    to: to.email,
    subject: say(messages.subject, { course: enrolment.course }),
    ...renderEmail(i18n, {
      title: say(messages.title),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [
        say(messages.body, { participant: enrolment.participant, course: enrolment.course, amount: localizedEuros(enrolment.amountCents) }),
        say(messages.dates, { from: localizedDay(enrolment.startsOn), to: localizedDay(enrolment.endsOn) }),
        enrolment.siblingDiscountCents > 0 ? say(messages.priceDiscounted, { price, discount: localizedEuros(enrolment.siblingDiscountCents) }) : say(messages.price, { price }),
        leftToPay(say, enrolment),
        ...(transfer ? [transfer.paragraph] : []),
      ],
      ...(transfer ? { image: transfer.image } : {}),
      action: { label: say(messages.action), url: enrolmentsUrl },
    }),
  };
}

/** A later instalment of a confirmed enrolment paid: what was received and what is still owed. */
export function instalmentPaidEmail(to: Recipient, enrolment: { course: string; participant: string; amountCents: number; owedCents: number }, enrolmentsUrl: string): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.paidSubject, { course: enrolment.course }),
    ...renderEmail(i18n, {
      title: say(messages.paidTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [
        say(messages.paidBody, { participant: enrolment.participant, course: enrolment.course, amount: localizedEuros(enrolment.amountCents) }),
        enrolment.owedCents > 0 ? say(messages.stillOwed, { amount: localizedEuros(enrolment.owedCents) }) : say(messages.allPaid),
      ],
      action: { label: say(messages.action), url: enrolmentsUrl },
    }),
  };
}

/** An unpaid instalment due in a few days or today: how much, by when, for whom, and where to pay it. */
export function instalmentReminderEmail(
  to: Recipient,
  instalment: { course: string; participant: string; amountCents: number; dueOn: string; today: boolean },
  enrolmentsUrl: string,
  /** How to pay it by transfer (bank-transfer's transferForEmail), once the association's IBAN is set. */
  transfer?: TransferInEmail | null,
): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  const day = localizedDay(instalment.dueOn);
  return {
    to: to.email,
    subject: instalment.today ? say(messages.reminderTodaySubject, { course: instalment.course }) : say(messages.reminderSubject, { day, course: instalment.course }),
    ...renderEmail(i18n, {
      title: say(messages.reminderTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.reminderBody, { participant: instalment.participant, course: instalment.course, amount: localizedEuros(instalment.amountCents), day }), ...(transfer ? [transfer.paragraph] : [])],
      ...(transfer ? { image: transfer.image } : {}),
      action: { label: say(messages.reminderAction), url: enrolmentsUrl },
    }),
  };
}
