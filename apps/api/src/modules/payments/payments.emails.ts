import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedEuros, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

const WHY = defineMessages({
  unavailable: /* i18n */ {
    id: 'api.payments.email_refund_unavailable',
    message: 'abbiamo ricevuto il tuo pagamento per "{what}", ma non era più possibile assegnartelo (per esempio perché era già stato pagato o non era più disponibile).',
  },
  cancelled: /* i18n */ {
    id: 'api.payments.email_refund_cancelled',
    message: "hai annullato in tempo \"{what}\": la cancellazione è gratuita e ti restituiamo l'intero importo.",
  },
  centre: /* i18n */ { id: 'api.payments.email_refund_centre', message: 'la segreteria ha annullato "{what}" e ti restituisce quanto avevi pagato.' },
});

const messages = defineMessages({
  subject: /* i18n */ { id: 'api.payments.email_refund_subject', message: 'Ti abbiamo rimborsato un pagamento' },
  title: /* i18n */ { id: 'api.payments.email_refund_title', message: 'Pagamento rimborsato' },
  refunded: /* i18n */ {
    id: 'api.payments.email_refund_card',
    message: "Ti abbiamo rimborsato {amount} sulla stessa carta: l'importo torna disponibile in pochi giorni lavorativi, secondo i tempi della tua banca.",
  },
  questions: /* i18n */ { id: 'api.payments.email_questions', message: 'Per qualsiasi dubbio rispondi a questa e-mail o passa in segreteria.' },
  /** What was paid, when the payment has no description of its own. */
  onlinePayment: /* i18n */ { id: 'api.payments.email_online_payment', message: 'pagamento online' },
});

/** `what` is the payment's description as recorded (Italian, as the receipts have it), or none. */
export function refundEmail(
  user: { email: string; firstName: string; locale: string },
  what: string | null,
  amountCents: number,
  reason: keyof typeof WHY = 'unavailable',
): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.subject),
    ...renderEmail(i18n, {
      title: say(messages.title),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(WHY[reason], { what: what ?? say(messages.onlinePayment) }), say(messages.refunded, { amount: localizedEuros(amountCents) })],
      footnote: say(messages.questions),
    }),
  };
}
