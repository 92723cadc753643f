import { renderEmail } from '../../lib/email-layout.js';
import { formatEuros } from '../../lib/format.js';
import type { MailMessage } from '../../lib/mail.js';

const WHY = {
  unavailable: (what: string) => `abbiamo ricevuto il tuo pagamento per "${what}", ma non era più possibile assegnartelo (per esempio perché era già stato pagato o non era più disponibile).`,
  cancelled: (what: string) => `hai annullato in tempo "${what}": la cancellazione è gratuita e ti restituiamo l'intero importo.`,
  centre: (what: string) => `la segreteria ha annullato "${what}" e ti restituisce quanto avevi pagato.`,
} as const;

export function refundEmail(user: { email: string; firstName: string }, what: string, amountCents: number, reason: keyof typeof WHY = 'unavailable'): MailMessage {
  return {
    to: user.email,
    subject: 'Ti abbiamo rimborsato un pagamento',
    ...renderEmail({
      title: 'Pagamento rimborsato',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [
        WHY[reason](what),
        `Ti abbiamo rimborsato ${formatEuros(amountCents)} sulla stessa carta: l'importo torna disponibile in pochi giorni lavorativi, secondo i tempi della tua banca.`,
      ],
      footnote: 'Per qualsiasi dubbio rispondi a questa e-mail o passa in segreteria.',
    }),
  };
}
