import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, type Localized, localizedDay, localizedUrl, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import { timeOf, todayInRome } from '../../lib/time.js';

/** The booking's court (as named) and time (whatOf), written in the recipient's language. */
type What = { court: string; when: Localized };
/** Who the e-mail goes to, and their language: users.locale, or for a guest without an account their organiser's. */
interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}

const messages = defineMessages({
  invitationSubject: /* i18n */ { id: 'api.booking_players.email_invitation_subject', message: '{organiser} ti ha aggiunto alla partita: {court}, {when}' },
  invitationTitle: /* i18n */ { id: 'api.booking_players.email_invitation_title', message: 'Sei in campo!' },
  invitationText: /* i18n */ {
    id: 'api.booking_players.email_invitation_text',
    message: '{organiser} ha prenotato il {court} ({when}) e ti ha aggiunto tra i giocatori.',
  },
  invitationShare: /* i18n */ {
    id: 'api.booking_players.email_invitation_share',
    message: 'La tua quota è di {share}: pagala con carta o con il credito entro il {day} alle {time}. Dopo, la paga l’organizzatore.',
  },
  invitationSignUp: /* i18n */ {
    id: 'api.booking_players.email_invitation_sign_up',
    message: 'Non hai ancora un account? Registrati con questo indirizzo e-mail: la quota sarà collegata a te.',
  },
  invitationAction: /* i18n */ { id: 'api.booking_players.email_invitation_action', message: 'Paga la tua quota' },
  chargedSubject: /* i18n */ { id: 'api.booking_players.email_charged_subject', message: 'Quote da saldare: {court}, {when}' },
  chargedTitle: /* i18n */ { id: 'api.booking_players.email_charged_title', message: 'Alcune quote non sono state pagate' },
  chargedText: /* i18n */ {
    id: 'api.booking_players.email_charged_text',
    message: 'alla scadenza alcuni giocatori del {court} ({when}) non avevano pagato la loro quota: {total} in tutto passano a te, e il tuo credito non basta a coprirli.',
  },
  chargedLinks: /* i18n */ {
    id: 'api.booking_players.email_charged_links',
    message: 'La prenotazione resta confermata. Salda le quote online da questi link:',
  },
  chargedAction: /* i18n */ { id: 'api.booking_players.email_charged_action', message: 'Paga la prima quota' },
  fromCreditSubject: /* i18n */ { id: 'api.booking_players.email_from_credit_subject', message: 'Quote saldate con il tuo credito: {court}, {when}' },
  fromCreditTitle: /* i18n */ { id: 'api.booking_players.email_from_credit_title', message: 'Quote saldate con il tuo credito' },
  fromCreditText: /* i18n */ {
    id: 'api.booking_players.email_from_credit_text',
    message: 'alla scadenza alcuni giocatori del {court} ({when}) non avevano pagato la loro quota: {total} in tutto passano a te e li abbiamo presi dal tuo credito.',
  },
  stillConfirmed: /* i18n */ { id: 'api.booking_players.email_still_confirmed', message: 'La prenotazione resta confermata.' },
  creditAction: /* i18n */ { id: 'api.booking_players.email_credit_action', message: 'Vedi il tuo credito' },
  paidSubject: /* i18n */ { id: 'api.booking_players.email_paid_subject', message: '{player} ha pagato la sua quota: {court}, {when}' },
  paidTitle: /* i18n */ { id: 'api.booking_players.email_paid_title', message: 'Una quota è stata pagata' },
  paidText: /* i18n */ { id: 'api.booking_players.email_paid_text', message: '{player} ha pagato la sua quota di {amount} per il {court} ({when}).' },
  paidWho: /* i18n */ { id: 'api.booking_players.email_paid_who', message: 'Su «Le mie prenotazioni» vedi chi ha pagato e cosa manca.' },
  paidAction: /* i18n */ { id: 'api.booking_players.email_paid_action', message: 'Vedi la prenotazione' },
});

/** A player's invitation to pay their share by `deadline`; a guest without an account (no name) is asked to sign up. */
export function shareInvitationEmail(
  to: Omit<Recipient, 'firstName'> & { firstName: string | null },
  organiser: string,
  what: What,
  share: Localized,
  shareUrl: string,
  deadline: Date,
): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.invitationSubject, { organiser, ...what }),
    ...renderEmail(i18n, {
      title: say(messages.invitationTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [
        say(messages.invitationText, { organiser, ...what }),
        say(messages.invitationShare, { share, day: localizedDay(todayInRome(deadline)), time: timeOf(deadline) }),
        ...(to.firstName ? [] : [say(messages.invitationSignUp)]),
      ],
      action: { label: say(messages.invitationAction), url: shareUrl },
    }),
  };
}

export function sharesChargedEmail(to: Recipient, what: What, total: Localized, shareUrls: string[]): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.chargedSubject, what),
    ...renderEmail(i18n, {
      title: say(messages.chargedTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.chargedText, { ...what, total }), say(messages.chargedLinks), ...shareUrls.map((url) => localizedUrl(to.locale, url))],
      action: { label: say(messages.chargedAction), url: shareUrls[0]! },
    }),
  };
}

/** The shares left unpaid at the deadline were paid from the organiser's credit. */
export function sharesPaidFromCreditEmail(to: Recipient, what: What, total: Localized, creditUrl: string): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.fromCreditSubject, what),
    ...renderEmail(i18n, {
      title: say(messages.fromCreditTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.fromCreditText, { ...what, total }), say(messages.stillConfirmed)],
      action: { label: say(messages.creditAction), url: creditUrl },
    }),
  };
}

/** A player paid their own share: the organiser hears of it, once per payment. */
export function sharePaidEmail(to: Recipient, player: string, what: What, amount: Localized, bookingsUrl: string): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.paidSubject, { player, ...what }),
    ...renderEmail(i18n, {
      title: say(messages.paidTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.paidText, { player, amount, ...what }), say(messages.paidWho)],
      action: { label: say(messages.paidAction), url: bookingsUrl },
    }),
  };
}
