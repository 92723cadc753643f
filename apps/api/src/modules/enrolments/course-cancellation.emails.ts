import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedEuros, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import type { CourseCancellationCause } from '../courses/index.js';

/** What one payer gets back of a cancelled course, by way: to their card, or to their credit (credit, and desk money). */
export interface MoneyReturned {
  card: number;
  credit: number;
}

const messages = defineMessages({
  subject: /* i18n */ { id: 'api.enrolments.email_course_cancelled_subject', message: '{course} annullato' },
  title: /* i18n */ { id: 'api.enrolments.email_course_cancelled_title', message: 'Corso annullato' },
  minimum: /* i18n */ { id: 'api.enrolments.email_course_cancelled_minimum', message: '«{course}» è annullato: non abbiamo raggiunto il numero minimo di iscritti.' },
  centre: /* i18n */ { id: 'api.enrolments.email_course_cancelled_centre', message: '«{course}» è stato annullato dal centro.' },
  card: /* i18n */ {
    id: 'api.enrolments.email_course_cancelled_card',
    message: 'Ti restituiamo {amount} sulla carta con cui hai pagato: l’importo torna disponibile in pochi giorni lavorativi.',
  },
  credit: /* i18n */ {
    id: 'api.enrolments.email_course_cancelled_credit',
    message: 'Ti restituiamo {amount} sul tuo credito: puoi usarlo per prenotare o chiederne la restituzione in segreteria.',
  },
  nothing: /* i18n */ { id: 'api.enrolments.email_course_cancelled_nothing', message: 'Non avevi ancora pagato nulla: non ti è addebitato niente.' },
  action: /* i18n */ { id: 'api.enrolments.email_course_cancelled_action', message: 'Vedi le tue iscrizioni' },
  sorry: /* i18n */ { id: 'api.enrolments.email_course_cancelled_sorry', message: 'Ci scusiamo per il disagio.' },
});

/** The payer's one e-mail of a cancelled course, in their language (users.locale): why, and what comes back how. */
export function courseCancelledEmail(
  to: { email: string; firstName: string; locale: string },
  { course, cause, returned }: { course: string; cause: CourseCancellationCause; returned: MoneyReturned },
  enrolmentsUrl: string,
): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  const money = [
    ...(returned.card > 0 ? [say(messages.card, { amount: localizedEuros(returned.card) })] : []),
    ...(returned.credit > 0 ? [say(messages.credit, { amount: localizedEuros(returned.credit) })] : []),
  ];
  return {
    to: to.email,
    subject: say(messages.subject, { course }),
    ...renderEmail(i18n, {
      title: say(messages.title),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages[cause], { course }), ...(money.length > 0 ? money : [say(messages.nothing)])],
      action: { label: say(messages.action), url: enrolmentsUrl },
      footnote: say(messages.sorry),
    }),
  };
}
