import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedEuros, localizedWhen, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

const messages = defineMessages({
  creditSubject: /* i18n */ { id: 'api.enrolments.email_make_up_subject', message: 'Lezione annullata: {course}, {when}' },
  creditTitle: /* i18n */ { id: 'api.enrolments.email_make_up_title', message: 'Lezione annullata' },
  creditText: /* i18n */ { id: 'api.enrolments.email_make_up_text', message: 'la lezione di «{course}» del {when} è annullata ({reason}).' },
  credit: /* i18n */ {
    id: 'api.enrolments.email_make_up_credit',
    message: 'Per recuperarla ti diamo {amount} di credito, la parte della lezione su quanto hai pagato: puoi usarlo per prenotare un campo o pagare un corso.',
  },
  movedSubject: /* i18n */ { id: 'api.enrolments.email_session_moved_subject', message: 'Lezione spostata: {course}' },
  movedTitle: /* i18n */ { id: 'api.enrolments.email_session_moved_title', message: 'Lezione spostata' },
  movedText: /* i18n */ { id: 'api.enrolments.email_session_moved_text', message: 'la lezione di «{course}» del {from} è spostata al {to}.' },
  movedSame: /* i18n */ { id: 'api.enrolments.email_session_moved_same', message: 'Stessi campi e stessa durata: ti aspettiamo.' },
  action: /* i18n */ { id: 'api.enrolments.email_make_up_action', message: 'Vedi le tue iscrizioni' },
});

type Recipient = { email: string; firstName: string; locale: string };
type Span = { startsAt: Date; endsAt: Date };

/** The payer's one e-mail of a session cancelled with a make-up credit: which session, why, and how much credit. */
export function makeUpCreditEmail(to: Recipient, { course, session, reason, cents }: { course: string; session: Span; reason: string; cents: number }, enrolmentsUrl: string): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  const when = localizedWhen(session);
  return {
    to: to.email,
    subject: say(messages.creditSubject, { course, when }),
    ...renderEmail(i18n, {
      title: say(messages.creditTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.creditText, { course, when, reason }), say(messages.credit, { amount: localizedEuros(cents) })],
      action: { label: say(messages.action), url: enrolmentsUrl },
    }),
  };
}

/** A participant's payer told that a session moved: from when to when. */
export function sessionMovedEmail(to: Recipient, { course, from, to: moved }: { course: string; from: Span; to: Span }, enrolmentsUrl: string): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.movedSubject, { course }),
    ...renderEmail(i18n, {
      title: say(messages.movedTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.movedText, { course, from: localizedWhen(from), to: localizedWhen(moved) }), say(messages.movedSame)],
      action: { label: say(messages.action), url: enrolmentsUrl },
    }),
  };
}
