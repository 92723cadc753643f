import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedEuros, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

const messages = defineMessages({
  subject: /* i18n */ { id: 'api.enrolments.email_confirmed_subject', message: 'Iscrizione confermata: {course}' },
  title: /* i18n */ { id: 'api.enrolments.email_confirmed_title', message: 'Iscrizione confermata' },
  body: /* i18n */ { id: 'api.enrolments.email_confirmed_body', message: 'l’iscrizione di {participant} al corso «{course}» è confermata: abbiamo ricevuto {amount}.' },
  action: /* i18n */ { id: 'api.enrolments.email_confirmed_action', message: 'Vedi le tue iscrizioni' },
});

/** A paid enrolment is confirmed: who, which course, what was paid (in the payer's language, users.locale). */
export function enrolmentConfirmedEmail(
  to: { email: string; firstName: string; locale: string },
  enrolment: { course: string; participant: string; amountCents: number },
  enrolmentsUrl: string,
): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.subject, { course: enrolment.course }),
    ...renderEmail(i18n, {
      title: say(messages.title),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.body, { participant: enrolment.participant, course: enrolment.course, amount: localizedEuros(enrolment.amountCents) })],
      action: { label: say(messages.action), url: enrolmentsUrl },
    }),
  };
}
