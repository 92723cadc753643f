import { MEMBERSHIP_TYPE_LABELS, type TMembershipType } from '@beach/contracts';
import { renderEmail } from '../../lib/email-layout.js';
import { formatItalianDate } from '../../lib/format.js';
import type { MailMessage } from '../../lib/mail.js';

interface CardSummary {
  number: string;
  type: TMembershipType;
  startDate: string;
  endDate: string;
}
interface Recipient {
  email: string;
  firstName: string;
}

const validity = (card: CardSummary) => `dal ${formatItalianDate(card.startDate)} al ${formatItalianDate(card.endDate)}`;

export function activationEmail(user: Recipient, card: CardSummary, pdf: { filename: string; path: string }, cardsUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `La tua tessera ${card.number} è attiva`,
    attachments: [pdf],
    ...renderEmail({
      title: 'Tessera attiva!',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [
        `la tua tessera ${MEMBERSHIP_TYPE_LABELS[card.type].toLowerCase()} numero ${card.number} è attiva, valida ${validity(card)}.`,
        'Trovi la tessera in allegato in PDF: mostrala (anche dal telefono) con il suo QR code all’ingresso dei campi riservati ai tesserati.',
      ],
      action: { label: 'Vedi la tua tessera', url: cardsUrl },
      footnote: 'Ci vediamo in spiaggia!',
    }),
  };
}

export function expiryReminderEmail(user: Recipient, card: CardSummary, cardsUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `La tua tessera ${card.number} scade il ${formatItalianDate(card.endDate)}`,
    ...renderEmail({
      title: 'La tua tessera sta per scadere',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [`la tua tessera ${MEMBERSHIP_TYPE_LABELS[card.type].toLowerCase()} numero ${card.number} scade il ${formatItalianDate(card.endDate)}.`, 'Per continuare a giocare senza interruzioni puoi rinnovarla online in un minuto.'],
      action: { label: 'Rinnova la tessera', url: cardsUrl },
    }),
  };
}

/** A member whose account was made at the desk chooses a password from this link. */
export function invitationEmail(user: Recipient, setPasswordUrl: string): MailMessage {
  return {
    to: user.email,
    subject: 'Il tuo account Adriatica Beach Arena',
    ...renderEmail({
      title: 'Benvenuto in Adriatica Beach Arena!',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [
        'la segreteria ha creato il tuo account e la tua tessera. Scegli una password per accedere: potrai scaricare la tessera e prenotare i campi online.',
      ],
      action: { label: 'Scegli la password', url: setPasswordUrl },
      footnote: 'Il link vale 7 giorni e si può usare una sola volta. Se scade, usa "Password dimenticata?" nella pagina di accesso.',
    }),
  };
}
