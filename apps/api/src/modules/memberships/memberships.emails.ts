import { defineMessages, type TMembershipType } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedDay, localizedEuros, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import { timeOf, todayInRome } from '../../lib/time.js';
import type { TransferInEmail } from '../bank-transfer/index.js';
import { TYPE_IN_SENTENCE } from './membership-words.js';

interface CardSummary {
  number: string;
  type: TMembershipType;
  startDate: string;
  endDate: string;
}
/** Who the e-mail goes to, and their language (users.locale). */
interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}

const messages = defineMessages({
  activeSubject: /* i18n */ { id: 'api.memberships.email_active_subject', message: 'La tua tessera {number} è attiva' },
  activeTitle: /* i18n */ { id: 'api.memberships.email_active_title', message: 'Tessera attiva!' },
  activeText: /* i18n */ {
    id: 'api.memberships.email_active_text',
    message: 'la tua tessera {type} numero {number} è attiva, valida dal {start} al {end}.',
  },
  activeAttached: /* i18n */ {
    id: 'api.memberships.email_active_attached',
    message: 'Trovi la tessera in allegato in PDF: mostrala (anche dal telefono) con il suo QR code all’ingresso dei campi riservati ai tesserati.',
  },
  cardAction: /* i18n */ { id: 'api.memberships.email_card_action', message: 'Vedi la tua tessera' },
  seeYou: /* i18n */ { id: 'api.memberships.email_see_you', message: 'Ci vediamo in spiaggia!' },
  expirySubject: /* i18n */ { id: 'api.memberships.email_expiry_subject', message: 'La tua tessera {number} scade il {day}' },
  expiryTitle: /* i18n */ { id: 'api.memberships.email_expiry_title', message: 'La tua tessera sta per scadere' },
  expiryText: /* i18n */ { id: 'api.memberships.email_expiry_text', message: 'la tua tessera {type} numero {number} scade il {day}.' },
  expiryRenew: /* i18n */ {
    id: 'api.memberships.email_expiry_renew',
    message: 'Per continuare a giocare senza interruzioni puoi rinnovarla online in un minuto.',
  },
  renewAction: /* i18n */ { id: 'api.memberships.email_renew_action', message: 'Rinnova la tessera' },
  invitationSubject: /* i18n */ { id: 'api.memberships.email_invitation_subject', message: 'Il tuo account Adriatica Beach Arena' },
  invitationTitle: /* i18n */ { id: 'api.memberships.email_invitation_title', message: 'Benvenuto in Adriatica Beach Arena!' },
  invitationText: /* i18n */ {
    id: 'api.memberships.email_invitation_text',
    message: 'la segreteria ha creato il tuo account e la tua tessera. Scegli una password per accedere: potrai scaricare la tessera e prenotare i campi online.',
  },
  invitationAction: /* i18n */ { id: 'api.memberships.email_invitation_action', message: 'Scegli la password' },
  invitationFootnote: /* i18n */ {
    id: 'api.memberships.email_invitation_footnote',
    message: 'Il link vale 7 giorni e si può usare una sola volta. Se scade, usa "Password dimenticata?" nella pagina di accesso.',
  },
  toPaySubject: /* i18n */ { id: 'api.memberships.email_to_pay_subject', message: 'La tua tessera {number} aspetta il pagamento' },
  toPayTitle: /* i18n */ { id: 'api.memberships.email_to_pay_title', message: 'Tessera da pagare' },
  toPayText: /* i18n */ {
    id: 'api.memberships.email_to_pay_text',
    message: 'hai chiesto la tessera {type} numero {number}: si attiva appena è pagata. Restano da pagare {amount}; la richiesta resta valida fino al {day} alle {time}, poi viene ritirata.',
  },
  toPayHow: /* i18n */ { id: 'api.memberships.email_to_pay_how', message: 'Puoi pagarla con la carta dalla pagina Tesseramento o in segreteria.' },
  payAction: /* i18n */ { id: 'api.memberships.email_pay_action', message: 'Paga la tessera' },
});

export function activationEmail(user: Recipient, card: CardSummary, pdf: { filename: string; path: string }, cardsUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.activeSubject, { number: card.number }),
    attachments: [pdf],
    ...renderEmail(i18n, {
      title: say(messages.activeTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [
        say(messages.activeText, {
          type: say(TYPE_IN_SENTENCE[card.type]),
          number: card.number,
          start: localizedDay(card.startDate),
          end: localizedDay(card.endDate),
        }),
        say(messages.activeAttached),
      ],
      action: { label: say(messages.cardAction), url: cardsUrl },
      footnote: say(messages.seeYou),
    }),
  };
}

export function expiryReminderEmail(user: Recipient, card: CardSummary, cardsUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  const day = localizedDay(card.endDate);
  return {
    to: user.email,
    subject: say(messages.expirySubject, { number: card.number, day }),
    ...renderEmail(i18n, {
      title: say(messages.expiryTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.expiryText, { type: say(TYPE_IN_SENTENCE[card.type]), number: card.number, day }), say(messages.expiryRenew)],
      action: { label: say(messages.renewAction), url: cardsUrl },
    }),
  };
}

/** A member whose account was made at the desk chooses a password from this link. */
export function invitationEmail(user: Recipient, setPasswordUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.invitationSubject),
    ...renderEmail(i18n, {
      title: say(messages.invitationTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.invitationText)],
      action: { label: say(messages.invitationAction), url: setPasswordUrl },
      footnote: say(messages.invitationFootnote),
    }),
  };
}

/**
 * A card the member asked for and has not paid an hour later (docs/domain.md#memberships): what it still owes,
 * until when the request holds, and how to pay it — online, at the desk, or by transfer once the IBAN is set.
 */
export function cardToPayEmail(user: Recipient, card: { number: string; type: TMembershipType; owedCents: number; withdrawnAt: Date }, cardsUrl: string, transfer: TransferInEmail | null): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  const until = { day: localizedDay(todayInRome(card.withdrawnAt)), time: timeOf(card.withdrawnAt) };
  return {
    to: user.email,
    subject: say(messages.toPaySubject, { number: card.number }),
    ...renderEmail(i18n, {
      title: say(messages.toPayTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [
        say(messages.toPayText, { type: say(TYPE_IN_SENTENCE[card.type]), number: card.number, amount: localizedEuros(card.owedCents), ...until }),
        say(messages.toPayHow),
        ...(transfer ? [transfer.paragraph] : []),
      ],
      ...(transfer ? { image: transfer.image } : {}),
      action: { label: say(messages.payAction), url: cardsUrl },
    }),
  };
}
