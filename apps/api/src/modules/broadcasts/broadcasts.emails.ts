import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedUrl, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

const messages = defineMessages({
  newsletter: /* i18n */ {
    id: 'api.broadcasts.email_newsletter_footer',
    message: 'Ricevi la newsletter di Adriatica Beach Arena perché hai dato il consenso. Per non riceverla più: {url}',
  },
  members: /* i18n */ { id: 'api.broadcasts.email_members_footer', message: 'Ricevi questo messaggio perché sei tesserato di Adriatica Beach Arena.' },
});

/**
 * The staff's text as written, one paragraph per blank-line-separated block (escaped by the layout); the
 * greeting and the footer in the recipient's language (theirs as a member, Italian for an address
 * without an account). A newsletter carries RFC 8058's one-click unsubscribe (the mail provider POSTs
 * to the https address) and a visible link to a page with the same button, for any mail program.
 */
export function broadcastEmail(
  recipient: { email: string; name: string; locale: string | null },
  broadcast: { subject: string; message: string },
  unsubscribe: { oneClick: string; page: string } | null,
): MailMessage {
  const i18n = i18nFor(recipient.locale);
  const say = sayer(i18n);
  return {
    to: recipient.email,
    subject: broadcast.subject,
    ...(unsubscribe ? { headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
    ...renderEmail(i18n, {
      title: broadcast.subject,
      greeting: greetingOf(i18n, recipient.name.split(' ')[0]!),
      paragraphs: broadcast.message.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean),
      footnote: unsubscribe ? say(messages.newsletter, { url: localizedUrl(i18n.locale, unsubscribe.page) }) : say(messages.members),
    }),
  };
}
