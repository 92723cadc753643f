import { renderEmail } from '../../lib/email-layout.js';
import type { MailMessage } from '../../lib/mail.js';

/** The staff's text as written, one paragraph per blank-line-separated block (escaped by the layout). */
export function broadcastEmail(recipient: { email: string; name: string }, broadcast: { subject: string; message: string }): MailMessage {
  return {
    to: recipient.email,
    subject: broadcast.subject,
    ...renderEmail({
      title: broadcast.subject,
      greeting: `Ciao ${recipient.name.split(' ')[0]},`,
      paragraphs: broadcast.message.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean),
      footnote: 'Ricevi questo messaggio perché sei tesserato di Adriatica Beach Arena.',
    }),
  };
}
