import { renderEmail } from '../../lib/email-layout.js';
import type { MailMessage } from '../../lib/mail.js';

/**
 * The staff's text as written, one paragraph per blank-line-separated block (escaped by the layout). A
 * newsletter carries RFC 8058's one-click unsubscribe (the mail provider POSTs to the https address) and
 * a visible link to a page with the same button, for any mail program.
 */
export function broadcastEmail(
  recipient: { email: string; name: string },
  broadcast: { subject: string; message: string },
  unsubscribe: { oneClick: string; page: string } | null,
): MailMessage {
  return {
    to: recipient.email,
    subject: broadcast.subject,
    ...(unsubscribe ? { headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
    ...renderEmail({
      title: broadcast.subject,
      greeting: `Ciao ${recipient.name.split(' ')[0]},`,
      paragraphs: broadcast.message.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean),
      footnote: unsubscribe
        ? `Ricevi la newsletter di Adriatica Beach Arena perché hai dato il consenso. Per non riceverla più: ${unsubscribe.page}`
        : 'Ricevi questo messaggio perché sei tesserato di Adriatica Beach Arena.',
    }),
  };
}
