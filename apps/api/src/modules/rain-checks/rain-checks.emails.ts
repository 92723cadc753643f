import { type TRainCheckOutcome } from '@beach/contracts';
import { renderEmail } from '../../lib/email-layout.js';
import { formatEuros } from '../../lib/format.js';
import type { MailMessage } from '../../lib/mail.js';

export interface RainCheckMailItem {
  court: string;
  when: string;
  /** Where the member's money went and how much, each way once; none: nothing of theirs was paid. */
  returns: { outcome: Exclude<TRainCheckOutcome, 'none'>; amountCents: number }[];
  /** The member played in it with a share of their own (someone else booked it). */
  share?: boolean;
}

const WHAT_HAPPENED: Record<TRainCheckOutcome, (amount: string) => string> = {
  credit: (amount) => `${amount} restituiti sul tuo credito, da usare per la prossima prenotazione.`,
  card: (amount) => `${amount} rimborsati sulla carta con cui hai pagato: tornano disponibili in pochi giorni lavorativi.`,
  desk: (amount) => `${amount} restituiti in segreteria.`,
  carnet: () => 'l’ingresso è tornato sul tuo carnet.',
  none: () => 'non era ancora pagata: non ti è stato addebitato nulla.',
};

/** The member's one e-mail of a rain check: every booking of theirs it cancelled and what happened to it. */
export function rainCheckEmail(user: { email: string; firstName: string }, reason: string, items: RainCheckMailItem[], bookingsUrl: string): MailMessage {
  const single = items.length === 1;
  return {
    to: user.email,
    subject: single ? `Prenotazione annullata per maltempo: ${items[0]!.court}, ${items[0]!.when}` : `${items.length} prenotazioni annullate per maltempo`,
    ...renderEmail({
      title: single ? 'Prenotazione annullata per maltempo' : 'Prenotazioni annullate per maltempo',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [
        `purtroppo il tempo non ci permette di giocare (${reason}): abbiamo annullato ${single ? 'la tua prenotazione' : 'le tue prenotazioni'}.`,
        ...items.map((item) => {
          const happened = item.returns.length > 0 ? item.returns.map((part) => WHAT_HAPPENED[part.outcome](formatEuros(part.amountCents))) : [WHAT_HAPPENED.none('')];
          return `${item.court}, ${item.when}${item.share ? ' (la tua quota)' : ''}: ${happened.join(' ')}`;
        }),
      ],
      action: { label: 'Le mie prenotazioni', url: bookingsUrl },
      footnote: 'Ci scusiamo per il disagio: ti aspettiamo in campo con il sole.',
    }),
  };
}
