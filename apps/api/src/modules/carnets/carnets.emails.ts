import type { TCarnet } from '@beach/contracts';
import { renderEmail } from '../../lib/email-layout.js';
import { formatItalianDate } from '../../lib/format.js';
import type { MailMessage } from '../../lib/mail.js';

/** A carnet bought online is the member's: what it holds and until when. */
export function carnetBoughtEmail(to: { email: string; firstName: string }, carnet: TCarnet, paidWith: 'card' | 'credit', carnetsUrl: string): MailMessage {
  return {
    to: to.email,
    subject: `Carnet acquistato: ${carnet.product.name}`,
    ...renderEmail({
      title: 'Il tuo carnet è pronto',
      greeting: `Ciao ${to.firstName},`,
      paragraphs: [
        `hai acquistato il carnet «${carnet.product.name}» ${paidWith === 'card' ? 'con la carta' : 'con il tuo credito'}: ${carnet.uses_total} ingressi, validi fino al ${formatItalianDate(carnet.valid_until)}.`,
        'Lo usi quando prenoti, al momento del pagamento.',
      ],
      action: { label: 'Vedi i tuoi carnet', url: carnetsUrl },
    }),
  };
}
