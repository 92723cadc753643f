import type { PriceGroup, TBookingCouponBand, TCarnetProduct, TPriceEntry } from '@beach/contracts';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PRICE_INFO } from 'virtual:contracts-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PRICE_LABELS } from '../../../lib/display-labels';
import { formatCents, formatDate, formatMoney } from '../../../lib/format';
import { usePriceList, usePublicCarnets } from '../../../lib/use-public-data';

/** A carnet's band as it reads inside its line ("10 ingressi · fascia diurna · …"). */
export const BAND_IN_LINE: Record<TBookingCouponBand, MessageDescriptor> = {
  day: msg`fascia diurna`,
  evening: msg`fascia serale`,
  full_day: msg`giornata intera`,
  any: msg`ogni fascia`,
};

function insuranceNote(i18n: I18n, entry: TPriceEntry, insuranceCents: number | undefined) {
  const included = PRICE_INFO[entry.code].insuranceIncluded;
  if (included === undefined) return null;
  if (included) return i18n._(msg`Assicurazione inclusa`);
  if (insuranceCents === undefined) return i18n._(msg`Assicurazione facoltativa`);
  const price = formatCents(insuranceCents);
  return i18n._(msg`Assicurazione facoltativa: + ${price}`);
}

function PriceTable({ title, entries, insuranceCents }: { title: string; entries: TPriceEntry[]; insuranceCents?: number }) {
  const { i18n } = useLingui();
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="bg-sea-700 px-5 py-3 text-left text-lg font-semibold text-white">{title}</caption>
        <thead className="sr-only">
          <tr><th scope="col"><Trans>Voce</Trans></th><th scope="col"><Trans>Prezzo</Trans></th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => {
            const note = insuranceNote(i18n, entry, insuranceCents);
            return (
              <tr key={entry.code}>
                <th scope="row" className="px-5 py-3 font-normal">
                  <span className="block font-semibold text-slate-900">{i18n._(PRICE_LABELS[entry.code].label)}</span>
                  <span className="block text-slate-500">{i18n._(PRICE_LABELS[entry.code].detail)}</span>
                  {note && <span className="block text-xs font-medium text-sea-700">{note}</span>}
                  {entry.note && <span className="block text-xs text-slate-500">{entry.note}</span>}
                </th>
                <td className="px-5 py-3 text-right text-lg font-bold whitespace-nowrap text-sea-900">{entry.amount_cents === 0 ? <Trans>Gratuita</Trans> : formatCents(entry.amount_cents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The carnets on sale online and the prepaid credit: what a member can buy ahead besides the card. */
function CarnetsAndCredit({ carnets }: { carnets: TCarnetProduct[] }) {
  const { i18n } = useLingui();
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:col-span-2">
      <h3 className="bg-sea-700 px-5 py-3 text-lg font-semibold text-white">
        <Trans>Carnet e credito</Trans>
      </h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {carnets.map((carnet) => {
          const band = i18n._(BAND_IN_LINE[carnet.band]);
          const until = formatDate(carnet.valid_until);
          const uses = carnet.uses;
          return (
            <li key={carnet.id} className="flex items-start justify-between gap-4 px-5 py-3">
              <span>
                <span className="block font-semibold text-slate-900">{carnet.name}</span>
                <span className="block text-slate-500">
                  <Trans>
                    <Plural value={uses} one="# ingresso" other="# ingressi" /> · {band} · valido fino al {until}
                  </Trans>
                </span>
              </span>
              <span className="text-lg font-bold whitespace-nowrap text-sea-900">{formatMoney(carnet.price)}</span>
            </li>
          );
        })}
        <li className="px-5 py-3">
          <span className="block font-semibold text-slate-900">
            <Trans>Credito prepagato</Trans>
          </span>
          <span className="block text-slate-500">
            <Trans>Ricarichi online dal tuo profilo quanto vuoi e lo usi per i campi, la tessera e i carnet.</Trans>
          </span>
        </li>
      </ul>
    </div>
  );
}

export function PricingTables() {
  const { t } = useLingui();
  const { data, isPending, isError, refetch } = usePriceList();
  // Read beside the price list, not after it; without them the card shows the credit alone.
  const carnets = usePublicCarnets().data ?? [];
  const inGroup = (group: PriceGroup) => data?.entries.filter((entry) => PRICE_INFO[entry.code].group === group) ?? [];
  const insurance = inGroup('insurance')[0]?.amount_cents;
  const year = data?.year;

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-sand-100 py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="pricing-title" className="text-3xl font-bold text-sea-900">{year === undefined ? <Trans>Tariffe</Trans> : <Trans>Tariffe {year}</Trans>}</h2>
        <p className="mt-2 text-slate-700">
          <Trans>Prezzi in euro, IVA inclusa. Le tariffe dei campi sono per campo.</Trans>
        </p>
        <div className="mt-8" aria-live="polite" aria-busy={isPending}>
          {isPending && <div className="flex justify-center py-10 text-sea-700"><Spinner size="lg" label={t`Caricamento tariffe...`} /></div>}
          {isError && (
            <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={() => refetch()}><Trans>Riprova</Trans></Button>}>
              <Trans>Non è stato possibile caricare le tariffe. Riprova più tardi.</Trans>
            </Alert>
          )}
          {data && data.entries.length === 0 && (
            <Alert>
              <Trans>Il listino della stagione non è ancora stato pubblicato.</Trans>
            </Alert>
          )}
          {data && data.entries.length > 0 && (
            <div className="grid gap-8 lg:grid-cols-2">
              <PriceTable title={t`Tessere`} entries={inGroup('membership')} insuranceCents={insurance} />
              <PriceTable title={t`Campi`} entries={inGroup('court')} />
              <CarnetsAndCredit carnets={carnets} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
