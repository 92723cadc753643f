// The hosted checkout page of the double: plain Italian HTML, usable on a phone, every value escaped.
import type { SessionRecord } from './store.js';

const TITLE = 'Adriatica Beach Arena — pagamento di prova';
export const DECLINED_MESSAGE = 'La carta è stata rifiutata. Nessun importo è stato addebitato: puoi riprovare o annullare.';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An amount in cents as Italians read it: "60,00 €". */
export const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(cents / 100);

/** The success URL with Stripe's `{CHECKOUT_SESSION_ID}` template filled in. */
export const successUrl = (record: SessionRecord) => (record.session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', record.session.id);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;line-height:1.45}
  main{max-width:480px;margin:0 auto;padding:16px}
  h1{font-size:1.2rem;margin:8px 0 16px}
  .card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(15,23,42,.12)}
  .notice{background:#fef9c3;border:1px solid #facc15;border-radius:8px;padding:8px 12px;margin-bottom:16px;font-size:.95rem}
  .error{background:#fee2e2;border:1px solid #f87171;color:#7f1d1d;border-radius:8px;padding:8px 12px;margin-bottom:16px}
  ul{list-style:none;margin:0;padding:0}
  li{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #e2e8f0}
  .muted{color:#475569;font-size:.9rem}
  .total{display:flex;justify-content:space-between;font-weight:700;font-size:1.1rem;padding:12px 0}
  form{margin:8px 0 0}
  button{width:100%;padding:12px;font-size:1rem;border-radius:8px;border:1px solid #0e7490;cursor:pointer;background:#fff;color:#0e7490}
  .pay{background:#0e7490;color:#fff;font-weight:700}
  .link{border:none;text-decoration:underline}
  a{color:#0e7490}
`;

function layout(body: string): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(TITLE)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(TITLE)}</h1>
<p class="notice" role="note">Ambiente di prova: nessun addebito reale.</p>
${body}
</main>
</body>
</html>`;
}

/** The page of an open session, with the three choices of a customer; `declined` after "Carta rifiutata". */
export function checkoutPage(record: SessionRecord, options: { declined?: boolean } = {}): string {
  const { session, lineItems } = record;
  const currency = session.currency ?? 'eur';
  const action = (path: string) => escapeHtml(`/checkout/${encodeURIComponent(session.id)}/${path}`);
  const items = lineItems
    .map((item) => {
      const quantity = item.quantity > 1 ? `${item.quantity} × ${formatAmount(item.unitAmount, currency)}` : '';
      const details = [item.description, quantity].filter((text): text is string => Boolean(text));
      return `<li><span>${escapeHtml(item.name)}${details.map((text) => `<br><span class="muted">${escapeHtml(text)}</span>`).join('')}</span>
<span>${escapeHtml(formatAmount(item.unitAmount * item.quantity, currency))}</span></li>`;
    })
    .join('\n');
  return layout(`${options.declined ? `<p class="error" role="alert">${escapeHtml(DECLINED_MESSAGE)}</p>` : ''}
<section class="card">
<ul>
${items}
</ul>
<p class="total"><span>Totale</span><span>${escapeHtml(formatAmount(session.amount_total ?? 0, currency))}</span></p>
${session.customer_email ? `<p class="muted">E-mail: ${escapeHtml(session.customer_email)}</p>` : ''}
<form method="post" action="${action('pay')}"><button type="submit" class="pay">Paga</button></form>
<form method="post" action="${action('decline')}"><button type="submit">Carta rifiutata</button></form>
<form method="post" action="${action('cancel')}"><button type="submit" class="link">Annulla</button></form>
</section>`);
}

/** The page of a session that can no longer be paid. */
export function closedPage(record: SessionRecord): string {
  const paid = record.session.status === 'complete';
  const message = paid ? 'Questo pagamento è già stato completato.' : 'Questa sessione di pagamento è scaduta.';
  const back = paid ? successUrl(record) : (record.session.cancel_url ?? '');
  return layout(`<section class="card">
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back)}">Torna al sito</a></p>
</section>`);
}

export function messagePage(message: string): string {
  return layout(`<section class="card"><p>${escapeHtml(message)}</p></section>`);
}
