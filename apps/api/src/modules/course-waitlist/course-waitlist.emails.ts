import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedDay, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import { timeOf, todayInRome } from '../../lib/time.js';

const messages = defineMessages({
  subject: /* i18n */ { id: 'api.course_waitlist.email_offer_subject', message: 'Si è liberato un posto: {course}' },
  title: /* i18n */ { id: 'api.course_waitlist.email_offer_title', message: 'Un posto è per te' },
  body: /* i18n */ {
    id: 'api.course_waitlist.email_offer_body',
    message: 'si è liberato un posto al corso «{course}» e, come primo/a in lista d’attesa, è tenuto per {participant} fino al {day} alle {time}. Se non lo accetti entro allora, passa al prossimo in lista.',
  },
  action: /* i18n */ { id: 'api.course_waitlist.email_offer_action', message: 'Accetta il posto' },
});

/** The first waiting is offered a freed place, held until `expiresAt` (in the payer's language, users.locale). */
export function waitlistOfferEmail(to: { email: string; firstName: string; locale: string }, offer: { course: string; participant: string; expiresAt: Date }, acceptUrl: string): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.subject, { course: offer.course }),
    ...renderEmail(i18n, {
      title: say(messages.title),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.body, { course: offer.course, participant: offer.participant, day: localizedDay(todayInRome(offer.expiresAt)), time: timeOf(offer.expiresAt) })],
      action: { label: say(messages.action), url: acceptUrl },
    }),
  };
}
