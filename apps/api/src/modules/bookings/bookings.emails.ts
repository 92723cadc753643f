import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, type Localized, localizedDay, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import { timeOf, todayInRome } from '../../lib/time.js';

/** Who the e-mail goes to, and their language (users.locale). */
interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}
/** The booking's court (as named) and time (whatOf), and its price, written in the recipient's language. */
type What = { court: string; when: Localized };
type Priced = What & { price: Localized };

const messages = defineMessages({
  reminderSubject: /* i18n */ { id: 'api.bookings.email_reminder_subject', message: 'Promemoria: {court}, {when}' },
  reminderTitle: /* i18n */ { id: 'api.bookings.email_reminder_title', message: 'Ci vediamo in campo!' },
  reminderText: /* i18n */ { id: 'api.bookings.email_reminder_text', message: 'ti ricordiamo la prenotazione del {court}: {when}.' },
  reminderCannotCome: /* i18n */ {
    id: 'api.bookings.email_reminder_cannot_come',
    message: 'Se non puoi venire, avvisa la segreteria: il campo potrà giocarlo qualcun altro.',
  },
  reminderFootnote: /* i18n */ { id: 'api.bookings.email_reminder_footnote', message: 'Porta l’acqua e la crema solare.' },
  myBookings: /* i18n */ { id: 'api.bookings.email_my_bookings', message: 'Le mie prenotazioni' },
  freedSubject: /* i18n */ { id: 'api.bookings.email_freed_subject', message: 'Si è liberato il {court}, {when}' },
  freedTitle: /* i18n */ { id: 'api.bookings.email_freed_title', message: 'Il campo che aspettavi è libero' },
  freedText: /* i18n */ { id: 'api.bookings.email_freed_text', message: 'si è appena liberato il {court}: {when}.' },
  freedEveryone: /* i18n */ {
    id: 'api.bookings.email_freed_everyone',
    message: 'Manca poco all’inizio: lo abbiamo detto a tutti quelli in attesa, il primo che lo prenota lo gioca.',
  },
  freedAction: /* i18n */ { id: 'api.bookings.email_freed_action', message: 'Prenota ora' },
  offerSubject: /* i18n */ { id: 'api.bookings.email_offer_subject', message: 'Il {court} è tenuto per te: {when}' },
  offerText: /* i18n */ {
    id: 'api.bookings.email_offer_text',
    message: 'Il campo che aspettavi è libero: il {court}, {when}, è tenuto per te fino al {day} alle {time} ({price}).',
  },
  offerNext: /* i18n */ {
    id: 'api.bookings.email_offer_next',
    message: 'Pagalo entro allora per confermarlo; dopo passa al prossimo in lista d’attesa.',
  },
  linkSubject: /* i18n */ { id: 'api.bookings.email_link_subject', message: 'Paga la prenotazione: {court}, {when}' },
  linkTitle: /* i18n */ { id: 'api.bookings.email_link_title', message: 'La tua prenotazione ti aspetta' },
  linkText: /* i18n */ { id: 'api.bookings.email_link_text', message: 'la segreteria ha prenotato per te il {court}: {when}.' },
  linkPay: /* i18n */ {
    id: 'api.bookings.email_link_pay',
    message: 'Puoi pagarla online ({price}) da questo link; il campo resta tuo finché la segreteria non la annulla.',
  },
  linkAction: /* i18n */ { id: 'api.bookings.email_link_action', message: 'Paga ora' },
  paidSubject: /* i18n */ { id: 'api.bookings.email_paid_subject', message: 'Prenotazione confermata: {court}, {when}' },
  paidTitle: /* i18n */ { id: 'api.bookings.email_paid_title', message: 'Prenotazione confermata' },
  paidText: /* i18n */ { id: 'api.bookings.email_paid_text', message: 'il {court} è tuo: {when}.' },
  paidHow: /* i18n */ { id: 'api.bookings.email_paid_how', message: '{how} · prezzo del campo {price}.' },
  paidPlayers: /* i18n */ {
    id: 'api.bookings.email_paid_players',
    message: 'Gli altri giocatori ricevono ora l’invito a pagare la loro quota: su «Le mie prenotazioni» vedi chi ha pagato.',
  },
});

/** How a booking paid online was paid (BOOKING_PAID_WITH_LABELS, and the card alone). */
const PAID_WITH = defineMessages({
  card: /* i18n */ { id: 'api.bookings.paid_with_card', message: 'Pagata con carta' },
  credit: /* i18n */ { id: 'api.bookings.paid_with_credit', message: 'Pagata con credito' },
  credit_card: /* i18n */ { id: 'api.bookings.paid_with_credit_card', message: 'Pagata con credito e carta' },
});

export function reminderEmail(user: Recipient, what: What, bookingsUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.reminderSubject, what),
    ...renderEmail(i18n, {
      title: say(messages.reminderTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.reminderText, what), say(messages.reminderCannotCome)],
      action: { label: say(messages.myBookings), url: bookingsUrl },
      footnote: say(messages.reminderFootnote),
    }),
  };
}

export function slotFreedEmail(user: Recipient, what: What, bookingUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.freedSubject, what),
    ...renderEmail(i18n, {
      title: say(messages.freedTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.freedText, what), say(messages.freedEveryone)],
      action: { label: say(messages.freedAction), url: bookingUrl },
    }),
  };
}

/** The first waiting is offered a freed slot alone, held for them as a booking to pay until `expiresAt`. */
export function slotOfferEmail(user: Recipient, what: Priced, expiresAt: Date, paymentUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.offerSubject, what),
    ...renderEmail(i18n, {
      title: say(messages.freedTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.offerText, { ...what, day: localizedDay(todayInRome(expiresAt)), time: timeOf(expiresAt) }), say(messages.offerNext)],
      action: { label: say(messages.linkAction), url: paymentUrl },
    }),
  };
}

export function paymentLinkEmail(user: Recipient, what: Priced, paymentUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.linkSubject, what),
    ...renderEmail(i18n, {
      title: say(messages.linkTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.linkText, what), say(messages.linkPay, what)],
      action: { label: say(messages.linkAction), url: paymentUrl },
    }),
  };
}

/** A booking the member paid online (card, credit, or both) is confirmed. */
export function bookingPaidEmail(
  user: Recipient,
  what: Priced,
  paidWith: 'card' | 'credit' | 'credit_card',
  hasPlayers: boolean,
  bookingsUrl: string,
): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.paidSubject, what),
    ...renderEmail(i18n, {
      title: say(messages.paidTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [
        say(messages.paidText, what),
        say(messages.paidHow, { how: say(PAID_WITH[paidWith]), price: what.price }),
        ...(hasPlayers ? [say(messages.paidPlayers)] : []),
      ],
      action: { label: say(messages.myBookings), url: bookingsUrl },
    }),
  };
}
