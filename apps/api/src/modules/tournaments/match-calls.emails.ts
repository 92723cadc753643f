// The call to the court: each player of both sides is told where and when, in their own language.
import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedUrl, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import { timeOf } from '../../lib/time.js';

const messages = defineMessages({
  subject: /* i18n */ { id: 'api.tournaments.email_call_subject', message: 'Tocca a voi: campo {court} alle {time}' },
  title: /* i18n */ { id: 'api.tournaments.email_call_title', message: 'Tocca a voi' },
  text: /* i18n */ { id: 'api.tournaments.email_call_text', message: '«{tournament}»: la vostra partita è sul campo {court} alle {time}. Presentatevi in campo adesso.' },
  action: /* i18n */ { id: 'api.tournaments.email_call_action', message: 'Segui il torneo' },
});

type Recipient = { email: string; firstName: string; locale: string };

/** "Tocca a voi: campo C3 alle 16:30" to one player of the match. */
export function matchCallEmail(to: Recipient, call: { tournament: string; court: string; startsAt: Date }, tournamentUrl: string): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  const values = { tournament: call.tournament, court: call.court, time: timeOf(call.startsAt) };
  return {
    to: to.email,
    subject: say(messages.subject, values),
    ...renderEmail(i18n, {
      title: say(messages.title),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [say(messages.text, values)],
      action: { label: say(messages.action), url: localizedUrl(to.locale, tournamentUrl) },
    }),
  };
}
