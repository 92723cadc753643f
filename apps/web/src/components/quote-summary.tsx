import { moneyToCents, type TMembershipQuote } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Spinner } from './ui/spinner';
import { PRICE_LABELS } from '../lib/display-labels';
import { formatDate, formatMoney } from '../lib/format';

export type QuoteState =
  | { kind: 'incomplete' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ready'; quote: TMembershipQuote | undefined; current: boolean; updating: boolean };

function Row({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={clsx('flex items-baseline justify-between gap-4', strong && 'border-t border-slate-300 pt-2 text-base font-bold text-sea-900')}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{children}</dd>
    </div>
  );
}

function QuoteDetails({ quote }: { quote: TMembershipQuote }) {
  const { i18n, t } = useLingui();
  // "Tessera stagionale": the price list's name of the card.
  const card = i18n._(PRICE_LABELS[`membership_${quote.type}`].label);
  const from = formatDate(quote.start_date);
  const until = formatDate(quote.end_date);
  const coupon = quote.coupon_code;
  const discounted = moneyToCents(quote.discount_amount) > 0;
  // The server also lists the discount as a negative line: it is shown once, under the full price.
  const items = quote.lines.filter((line) => moneyToCents(line.amount) >= 0);
  return (
    <>
      <p className="text-sm text-slate-700">
        <Trans>
          {card}, valida dal {from} al {until}.
        </Trans>
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        {items.map((line) => (
          <Row key={line.label} label={line.label}>{formatMoney(line.amount)}</Row>
        ))}
        {discounted && (
          <>
            <Row label={t`Prezzo pieno`}>{formatMoney(quote.original_price)}</Row>
            <Row label={coupon ? t`Sconto (coupon ${coupon})` : t`Sconto`}>− {formatMoney(quote.discount_amount)}</Row>
          </>
        )}
        <Row label={t`Totale`} strong>{formatMoney(quote.price)}</Row>
      </dl>
      {!quote.pay_online && (
        <p className="mt-3 text-sm text-slate-700">
          <Trans>Nessun pagamento online: la tessera si attiva in segreteria.</Trans>
        </p>
      )}
    </>
  );
}

/** The server's price preview, kept in step with the form (the total is shown before paying). */
export function QuoteSummary({ state }: { state: QuoteState }) {
  const { t } = useLingui();
  const busy = state.kind === 'ready' && state.updating;
  return (
    <section aria-labelledby="quote-title" aria-live="polite" aria-busy={busy} className="rounded-xl bg-sand-100 p-4 ring-1 ring-sand-200">
      <h3 id="quote-title" className="font-semibold text-sea-900">
        <Trans>Riepilogo</Trans>
      </h3>
      <div className="mt-2">
        {state.kind === 'incomplete' && (
          <p className="text-sm text-slate-600">
            <Trans>Completa i dati per vedere il prezzo.</Trans>
          </p>
        )}
        {state.kind === 'invalid' && <Alert tone="warning">{state.message}</Alert>}
        {state.kind === 'ready' && !state.quote && <Spinner label={t`Calcolo del prezzo...`} />}
        {state.kind === 'ready' && state.quote && (
          <div className={clsx('transition-opacity', !state.current && 'opacity-60')}>
            <QuoteDetails quote={state.quote} />
          </div>
        )}
      </div>
    </section>
  );
}
