// The look of every e-mail: one Italian layout, HTML and plain text from the same words.
export interface EmailContent {
  title: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    'Adriatica Beach Arena',
  ].join('\n');

  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0e7490;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
       <p style="font-size:13px;color:#64748b">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="it"><body style="margin:0;background:#fefbf3;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <div style="max-width:560px;margin:0 auto;padding:24px">
    <div style="background:#155e75;color:#fff;padding:16px 24px;border-radius:12px 12px 0 0;font-weight:bold;font-size:18px">Adriatica Beach Arena</div>
    <div style="background:#fff;padding:24px;border-radius:0 0 12px 12px">
      <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>
      <p>${escapeHtml(content.greeting)}</p>
      ${content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n      ')}
      ${button}
      ${content.footnote ? `<p style="font-size:13px;color:#64748b">${escapeHtml(content.footnote)}</p>` : ''}
    </div>
  </div></body></html>`;
  return { html, text };
}
