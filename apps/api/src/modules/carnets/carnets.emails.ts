import { defineMessages, type TCarnet } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedDay, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

const messages = defineMessages({
  subject: /* i18n */ { id: 'api.carnets.email_bought_subject', message: 'Carnet acquistato: {name}' },
  title: /* i18n */ { id: 'api.carnets.email_bought_title', message: 'Il tuo carnet è pronto' },
  boughtWithCard: /* i18n */ {
    id: 'api.carnets.email_bought_card',
    message: 'hai acquistato il carnet «{name}» con la carta: {uses} ingressi, validi fino al {day}.',
  },
  boughtWithCredit: /* i18n */ {
    id: 'api.carnets.email_bought_credit',
    message: 'hai acquistato il carnet «{name}» con il tuo credito: {uses} ingressi, validi fino al {day}.',
  },
  howToUse: /* i18n */ { id: 'api.carnets.email_bought_use', message: 'Lo usi quando prenoti, al momento del pagamento.' },
  action: /* i18n */ { id: 'api.carnets.email_bought_action', message: 'Vedi i tuoi carnet' },
});

/** A carnet bought online is the member's: what it holds and until when (in their language, users.locale). */
export function carnetBoughtEmail(
  to: { email: string; firstName: string; locale: string },
  carnet: TCarnet,
  paidWith: 'card' | 'credit',
  carnetsUrl: string,
): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  const name = carnet.product.name;
  return {
    to: to.email,
    subject: say(messages.subject, { name }),
    ...renderEmail(i18n, {
      title: say(messages.title),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [
        say(paidWith === 'card' ? messages.boughtWithCard : messages.boughtWithCredit, {
          name,
          uses: carnet.uses_total,
          day: localizedDay(carnet.valid_until),
        }),
        say(messages.howToUse),
      ],
      action: { label: say(messages.action), url: carnetsUrl },
    }),
  };
}
