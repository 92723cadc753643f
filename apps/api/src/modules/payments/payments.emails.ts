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
  refund_due: /* i18n */ {
    id: 'api.payments.email_refund_due',
    message: 'la contestazione del pagamento "{what}" si è chiusa: il rimborso che ti spettava torna sulla tua carta.',
  },
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

const failedMessages = defineMessages({
  subject: /* i18n */ { id: 'api.payments.email_refund_failed_subject', message: 'Il rimborso sulla tua carta non è andato a buon fine' },
  title: /* i18n */ { id: 'api.payments.email_refund_failed_title', message: 'Rimborso non riuscito' },
  failed: /* i18n */ {
    id: 'api.payments.email_refund_failed_body',
    message: 'la tua banca ha respinto il rimborso di {amount} sulla carta con cui avevi pagato "{what}".',
  },
  waiting: /* i18n */ {
    id: 'api.payments.email_refund_failed_waiting',
    message: "L'importo resta tuo: lo trovi nella pagina del tuo credito come rimborso da ricevere, e la segreteria te lo restituisce in contanti o nel credito.",
  },
});

/** A card refund Stripe could not make, after it was asked for (docs/domain.md#refund-payable): the money waits at the desk. */
export function refundFailedEmail(user: { email: string; firstName: string; locale: string }, what: string | null, amountCents: number): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(failedMessages.subject),
    ...renderEmail(i18n, {
      title: say(failedMessages.title),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(failedMessages.failed, { amount: localizedEuros(amountCents), what: what ?? say(messages.onlinePayment) }), say(failedMessages.waiting)],
      footnote: say(messages.questions),
    }),
  };
}
