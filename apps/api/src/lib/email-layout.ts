// The look of every e-mail: one layout, HTML and plain text from the same words, in the recipient's
// language (the `I18n` the e-mail was worded with): the layout's own words, its `lang`, the button's address.
import { defineMessages } from '@beach/contracts';
import { type I18n, type Locale, localizedUrl, sayer } from './i18n.js';
import type { MailMessage } from './mail.js';

const layoutMessages = defineMessages({
  greeting: /* i18n */ { id: 'api.email.greeting', message: 'Ciao {name},' },
  greetingNoName: /* i18n */ { id: 'api.email.greeting_no_name', message: 'Ciao,' },
  buttonFallback: /* i18n */ { id: 'api.email.button_fallback', message: 'Se il pulsante non funziona, copia questo indirizzo nel browser:' },
});

/** "Ciao Giulia," in the recipient's language; "Ciao," without a name. */
export const greetingOf = (i18n: I18n, firstName: string | null) =>
  firstName ? sayer(i18n)(layoutMessages.greeting, { name: firstName }) : sayer(i18n)(layoutMessages.greetingNoName);

export interface EmailContent {
  title: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A PNG after the paragraphs (a transfer's QR code), base64, sent inline; its alt text in the plain text. */
  image?: { png: string; alt: string };
  footnote?: string;
}

/** The inline picture's content id, which the HTML names. */
const IMAGE_CID = 'image@adriatica-beach';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The e-mail's HTML and text, and its language (the job records it); the button leads to the page in that language. */
export function renderEmail(i18n: I18n, content: EmailContent): Pick<MailMessage, 'html' | 'text' | 'locale' | 'attachments'> {
  const locale = i18n.locale as Locale;
  if (content.action) content = { ...content, action: { ...content.action, url: localizedUrl(locale, content.action.url) } };
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.image ? [`[${content.image.alt}]`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    'Adriatica Beach Arena',
  ].join('\n');

  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0e7490;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
       <p style="font-size:13px;color:#64748b">${escapeHtml(sayer(i18n)(layoutMessages.buttonFallback))}<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#fefbf3;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <div style="max-width:560px;margin:0 auto;padding:24px">
    <div style="background:#155e75;color:#fff;padding:16px 24px;border-radius:12px 12px 0 0;font-weight:bold;font-size:18px">Adriatica Beach Arena</div>
    <div style="background:#fff;padding:24px;border-radius:0 0 12px 12px">
      <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>
      <p>${escapeHtml(content.greeting)}</p>
      ${content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n      ')}
      ${content.image ? `<p><img src="cid:${IMAGE_CID}" alt="${escapeHtml(content.image.alt)}" width="180" height="180"></p>` : ''}
      ${button}
      ${content.footnote ? `<p style="font-size:13px;color:#64748b">${escapeHtml(content.footnote)}</p>` : ''}
    </div>
  </div></body></html>`;
  const attachments = content.image ? [{ filename: 'qr.png', content: content.image.png, encoding: 'base64' as const, cid: IMAGE_CID }] : undefined;
  return { html, text, locale, ...(attachments && { attachments }) };
}
