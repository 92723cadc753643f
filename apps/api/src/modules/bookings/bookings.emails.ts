import { BOOKING_PAID_WITH_LABELS } from '@beach/contracts';
import { renderEmail } from '../../lib/email-layout.js';
import type { MailMessage } from '../../lib/mail.js';

interface Recipient {
  email: string;
  firstName: string;
}

export function reminderEmail(user: Recipient, what: { court: string; when: string }, bookingsUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `Promemoria: ${what.court}, ${what.when}`,
    ...renderEmail({
      title: 'Ci vediamo in campo!',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [`ti ricordiamo la prenotazione del ${what.court}: ${what.when}.`, 'Se non puoi venire, avvisa la segreteria: il campo potrà giocarlo qualcun altro.'],
      action: { label: 'Le mie prenotazioni', url: bookingsUrl },
      footnote: 'Porta l’acqua e la crema solare.',
    }),
  };
}

export function slotFreedEmail(user: Recipient, what: { court: string; when: string }, bookingUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `Si è liberato il ${what.court}, ${what.when}`,
    ...renderEmail({
      title: 'Il campo che aspettavi è libero',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [`si è appena liberato il ${what.court}: ${what.when}.`, 'Lo abbiamo detto a tutti quelli in attesa, nell’ordine in cui si sono iscritti: prenota subito se lo vuoi.'],
      action: { label: 'Prenota ora', url: bookingUrl },
    }),
  };
}

export function paymentLinkEmail(user: Recipient, what: { court: string; when: string; price: string }, paymentUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `Paga la prenotazione: ${what.court}, ${what.when}`,
    ...renderEmail({
      title: 'La tua prenotazione ti aspetta',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [`la segreteria ha prenotato per te il ${what.court}: ${what.when}.`, `Puoi pagarla online (${what.price}) da questo link; il campo resta tuo finché la segreteria non la annulla.`],
      action: { label: 'Paga ora', url: paymentUrl },
    }),
  };
}

/** A booking the member paid online (card, credit, or both) is confirmed. */
export function bookingPaidEmail(user: Recipient, what: { court: string; when: string; price: string }, paidWith: 'card' | 'credit' | 'credit_card', hasPlayers: boolean, bookingsUrl: string): MailMessage {
  const how = paidWith === 'card' ? 'Pagata con carta' : BOOKING_PAID_WITH_LABELS[paidWith];
  return {
    to: user.email,
    subject: `Prenotazione confermata: ${what.court}, ${what.when}`,
    ...renderEmail({
      title: 'Prenotazione confermata',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [
        `il ${what.court} è tuo: ${what.when}.`,
        `${how} · prezzo del campo ${what.price}.`,
        ...(hasPlayers ? ['Gli altri giocatori ricevono ora l’invito a pagare la loro quota: su «Le mie prenotazioni» vedi chi ha pagato.'] : []),
      ],
      action: { label: 'Le mie prenotazioni', url: bookingsUrl },
    }),
  };
}
